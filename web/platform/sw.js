// The playground's service worker: after the first visit the page opens without a network.
//
// Every file is fetched from the network first, so a new build shows up on the next load;
// each successful answer is kept in the cache, and when the network is gone the cached copy
// answers instead. Installing fetches the page's own files up front, so offline works after
// one visit even for files the page had not asked for yet. All paths are relative to this
// file, so the site works under any path prefix.
"use strict";

const CACHE = "ddb-playground-v1";
// The bundle: the page, its module (compressed: page.js unpacks it) and the fonts (whose name tables carry their license;
// fonts-LICENSE.txt stays on the site, out of the first visit's budget). The page is kept once,
// as "./": index.html, or a page link with its query, is answered with it offline. The lessons
// come from offline-lessons.json, which the build writes (it lists lessons/bundle.txt, all of
// them in one file).
const BUNDLE = ["./", "page.js", "playground.js", "playground.wasm.gz", "fonts/ui.ttf", "fonts/mono.ttf"];

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(BUNDLE);
    // The lessons this build ships (offline-lessons.json lists their bundle; none is fine).
    try {
      const manifest = await fetch("offline-lessons.json", { cache: "no-cache" });
      if (manifest.ok) {
        const { files } = await manifest.clone().json();
        await cache.put("offline-lessons.json", manifest);
        const safe = (Array.isArray(files) ? files : []).filter((f) => typeof f === "string" && /^lessons\/[A-Za-z0-9._-]+$/.test(f));
        await cache.addAll(safe);
      }
    } catch (e) {
      // No lessons in this build: the page works without them.
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && response.type === "basic") cache.put(request, response.clone());
      return response;
    } catch (offline) {
      // A page link may carry ?lesson=...: the page is the same file whatever its query.
      const cached = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      if (cached) return cached;
      if (request.mode === "navigate") {
        const page = await cache.match("./");
        if (page) return page;
      }
      throw offline;
    }
  })());
});
