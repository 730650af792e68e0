// The page's JavaScript that the C++ calls: an Emscripten JS library (linked with
// --js-library), so every function the module imports is here, in one linted file, and not in
// EM_JS strings inside C++ (web/platform/js_library.h declares them for main.cpp). The page's
// other JavaScript, loaded before the module, is page.js; the service worker is sw.js.
//
// Strings returned to C++ are malloc'd (allocateUTF8, part of Emscripten's runtime); the caller frees them. Whatever the
// browser may refuse (storage, IndexedDB, the clipboard) is guarded: an uncaught exception here
// would stop the main loop.
mergeInto(LibraryManager.library, {
  // Emscripten has no clipboard. Copy writes to the system clipboard; paste reads the text of
  // the browser's own paste event, which fires before ImGui's next frame and needs no
  // permission.
  js_install_clipboard: function() {
    Module.clipText = "";
    document.addEventListener("paste", (e) => { Module.clipText = e.clipboardData.getData("text/plain"); });
  },
  js_set_clipboard: function(text) {
    Module.clipText = UTF8ToString(text);
    if (navigator.clipboard) navigator.clipboard.writeText(Module.clipText).catch(() => {});
  },
  js_get_clipboard: function() {
    const text = Module.clipText || "";
    return allocateUTF8(text);
  },

  // The font `name` ("ui", "mono") that page.js fetched before the module started, moved to
  // the heap (malloc'd: the caller frees it; page.js's copy is dropped, so it is held once) with
  // its length at *size; 0 when it could not be fetched (the other font then stands in for it).
  js_take_font__deps: ["malloc"],
  js_take_font: function(name, size) {
    const key = UTF8ToString(name);
    const bytes = (Module.fonts || {})[key];
    if (!bytes) return 0;
    delete Module.fonts[key];
    const ptr = _malloc(bytes.length);
    HEAPU8.set(bytes, ptr);
    HEAP32[size >> 2] = bytes.length;
    return ptr;
  },

  // index.html hides the canvas until the page's first drawn frame shows it. A canvas on show is
  // composited, and without a GPU Chromium read the empty one back while the program's first GL
  // work ran: 150 ms in a trace before the first frame could start (first frame median about
  // 960 -> 890 ms, scripts/bench-browser.mjs --only first-frame).
  js_show_canvas: function() { Module.canvas.style.visibility = "visible"; },

  // ImGui's mouse cursor as a CSS cursor on the canvas.
  js_set_cursor: function(css) { Module.canvas.style.cursor = UTF8ToString(css); },

  // Whether the page runs on a Mac: Cmd then plays Ctrl's part in shortcuts.
  js_is_mac: function() { return /Mac|iPhone|iPad/.test(navigator.platform || "") ? 1 : 0; },

  // Tells page.js the first frame is on screen (resolves playground.ready) or that the page
  // cannot run (rejects it and shows the error box).
  js_page_ready: function() { if (Module.onPageReady) Module.onPageReady(); },
  js_page_failed: function(message) { if (Module.onPageError) Module.onPageError(UTF8ToString(message)); },

  // localStorage. It may be missing or throw (private windows, quota): an uncaught exception
  // here would stop the main loop, so every access is guarded.
  js_storage_get: function(key) {
    let text = null;
    try { text = window.localStorage.getItem(UTF8ToString(key)); } catch (e) { text = null; }
    if (text === null) return 0;
    return allocateUTF8(text);
  },
  js_storage_set: function(key, value) { try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); return 1; } catch (e) { return 0; } },
  js_storage_remove: function(key) { try { window.localStorage.removeItem(UTF8ToString(key)); } catch (e) {} },

  // The sandbox's records in IndexedDB (database "ddb-playground", store "records"). Requests
  // made in one go (one frame, or the whole save when the page is hidden) go into one
  // transaction, all or nothing; transactions run one after another, in order, and each outcome
  // waits in Module.records.outcomes as {ticket, ok, found, text, error} for js_take_record(_text). A
  // put that failed marks its group: the commit that closes the group is then not written and
  // fails with that error (Host::CommitRecord). Without IndexedDB every request fails; nothing
  // throws. The transaction of a page being hidden is made before the page can go away.
  js_record_request: function(kind, ticket, key, text) {
    if (!Module.records) {
      const records = { chain: Promise.resolve(), outcomes: [], failure: null, pending: [], scheduled: false };
      // Opened by page.js as the page starts (the database "ddb-playground", store "records").
      records.db = Module.recordsDb || Promise.reject(new Error("page.js did not open the store"));
      records.describe = (e) => (e && e.name ? e.name + ": " : "") + String((e && e.message) || e || "unknown error");
      records.done = (r, outcome) => records.outcomes.push(Object.assign({ ticket: r.ticket, ok: true, found: false }, outcome));
      records.run = (db, batch) => new Promise((resolve) => {
        let tx;
        try { tx = db.transaction("records", "readwrite"); } catch (e) {
          batch.forEach((r) => records.done(r, { ok: false, error: records.describe(e) }));
          resolve();
          return;
        }
        const store = tx.objectStore("records");
        const answers = [];
        let failure = records.failure;
        for (const r of batch) {
          if (r.kind === 1 && failure) {  // a commit whose group lost a put
            answers.push({ ok: false, error: failure });
            failure = null;
            continue;
          }
          if (r.kind === 0 || r.kind === 1) {
            store.put(r.text, r.key);
            if (r.kind === 1) failure = null;
            answers.push({});
          } else if (r.kind === 2) {
            const get = store.get(r.key);
            answers.push(get);
          } else {
            if (r.key === "") store.clear(); else store.delete(IDBKeyRange.bound(r.key, r.key + String.fromCharCode(0xffff)));
            answers.push({});
          }
        }
        tx.oncomplete = () => {
          records.failure = failure;
          batch.forEach((r, i) => {
            const a = answers[i];
            if (a instanceof IDBRequest) records.done(r, a.result === undefined ? {} : { found: true, text: String(a.result) });
            else records.done(r, a);
          });
          resolve();
        };
        tx.onerror = (e) => e.preventDefault();  // onabort follows and reports it
        tx.onabort = () => {
          const error = records.describe(tx.error);
          // Nothing of the batch was written: a commit in it has failed; puts after the last
          // commit leave their group marked.
          const last = batch.map((r) => r.kind).lastIndexOf(1);
          if (batch.slice(last + 1).some((r) => r.kind === 0)) records.failure = error;
          else if (last >= 0) records.failure = null;
          batch.forEach((r) => records.done(r, { ok: false, error }));
          resolve();
        };
      });
      records.flush = () => {
        const batch = records.pending;
        records.pending = [];
        records.scheduled = false;
        records.chain = records.chain.then(() => records.db).then((db) => records.run(db, batch),
          (e) => batch.forEach((r) => records.done(r, { ok: false, error: records.describe(e) })));
      };
      Module.records = records;
    }
    const records = Module.records;
    records.pending.push({ kind, ticket, key: UTF8ToString(key), text: kind <= 1 ? UTF8ToString(text) : null });
    if (!records.scheduled) {
      records.scheduled = true;
      queueMicrotask(records.flush);
    }
  },
  // The next outcome without its text, which js_take_record_text then gives as it is: a piece of
  // 500 items escaped into JSON and parsed back cost the restore of 100,000 items a 250 ms frame.
  js_take_record: function() {
    if (!Module.records || Module.records.outcomes.length === 0) return 0;
    const outcome = Module.records.outcomes.shift();
    Module.records.taken = outcome.text === undefined ? null : outcome.text;
    delete outcome.text;
    return allocateUTF8(JSON.stringify(outcome));
  },
  js_take_record_text: function() {
    if (!Module.records || Module.records.taken === null || Module.records.taken === undefined) return 0;
    const text = Module.records.taken;
    Module.records.taken = null;
    return allocateUTF8(text);
  },
  js_query_parameter: function(name) {
    const value = new URLSearchParams(location.search).get(UTF8ToString(name));
    if (value === null) return 0;
    return allocateUTF8(value);
  },

  // Keeps the lesson and step in the address bar (history.replaceState: no load, no new history
  // entry); the fragment, if any, stays.
  // A new tab that cannot reach back into this one (noopener): a cited AWS page.
  js_open_link: function(url) { window.open(UTF8ToString(url), "_blank", "noopener,noreferrer"); },
  // A file made in the page (a table's items) saved by the browser: the bytes straight from the
  // module's memory into a Blob (no string of 10 MB decoded first), through an <a download>.
  js_download_file: function(name, text, length, mime) {
    const blob = new Blob([HEAPU8.slice(text, text + length)], { type: UTF8ToString(mime) });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = UTF8ToString(name);
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  },
  js_pick_file: function() {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,.jsonl,.ndjson,.csv,.gz,application/json,text/csv";
    input.onchange = () => { if (input.files[0]) window.playground.openFile(input.files[0]); };
    input.click();
  },
  js_show_lesson_in_address: function(id, step) {
    const params = new URLSearchParams(location.search);
    const lesson = UTF8ToString(id);
    if (lesson) {
      params.set("lesson", lesson);
      params.set("step", String(step));
    } else {
      params.delete("lesson");
      params.delete("step");
    }
    const query = params.toString();
    const url = location.pathname + (query ? "?" + query : "") + location.hash;
    if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, "", url);
  },

  // Files of the site (lessons), fetched relative to the page; each outcome waits in
  // Module.fetched until js_take_fetched hands it over as JSON {path, status, text, error}.
  // A file page.js began to fetch as the page started (Module.prefetched) is taken from there,
  // once: asked for again (the lessons reloaded), it is fetched anew. A file the site keeps
  // compressed (lessons/bundle.txt) is unpacked (page.js's Module.unpack).
  js_start_fetch: function(path) {
    const p = UTF8ToString(path);
    if (!Module.fetched) Module.fetched = [];
    const done = (outcome) => Module.fetched.push(Object.assign({ path: p, status: 0, text: "", error: "" }, outcome));
    const early = Module.prefetched && Module.prefetched[p];
    if (early) delete Module.prefetched[p];
    (early || fetch(p, { cache: "no-cache" }).then((r) => (r.ok ? Module.unpack(r, "text/plain") : r))).then(
      (r) => r.text().then((text) => done(r.ok ? { status: r.status, text } : { status: r.status, error: r.statusText }),
                           (e) => done({ status: 0, error: String((e && e.message) || e) })),
      (e) => done({ status: 0, error: String((e && e.message) || e) }));
  },
  js_take_fetched: function() {
    if (!Module.fetched || Module.fetched.length === 0) return 0;
    const text = JSON.stringify(Module.fetched.shift());
    return allocateUTF8(text);
  },

  // The off-screen live regions of index.html (see Module.announce in page.js).
  js_announce: function(region, text) { if (Module.announce) Module.announce(UTF8ToString(region), UTF8ToString(text)); },

  // Share links: page.js compresses in the background (CompressionStream is asynchronous)
  // and leaves the outcome as JSON for js_take_share_outcome; the link the page was opened
  // with (a sandbox or a design) was read the same way before the module started.
  js_start_share: function(fragment, text, query) {
    if (Module.startShare) Module.startShare(UTF8ToString(text), UTF8ToString(fragment), UTF8ToString(query));
  },
  js_take_share_outcome: function() {
    const outcome = Module.shareOutcome;
    if (!outcome) return 0;
    Module.shareOutcome = null;
    const text = JSON.stringify(outcome);
    return allocateUTF8(text);
  },
  js_take_shared_link: function() {
    const shared = Module.sharedLink;
    if (!shared) return 0;
    Module.sharedLink = null;
    const text = JSON.stringify(shared);
    return allocateUTF8(text);
  },
});
