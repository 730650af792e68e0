// The page's JavaScript that runs before the module (index.html loads it; it loads playground.js).
// The functions the C++ calls are in library.js. The page's JavaScript API, for tests and the console:
//
//   playground.ready                   Promise: resolves once the first frame is drawn; rejects
//                                      (and the red box shows why) if the module cannot start.
//                                      The moment is also the performance mark "playground-ready"
//                                      (DevTools' timeline, scripts/bench-browser.mjs).
//   playground.exec(operation, body)   Sends one DynamoDB request, e.g.
//                                        exec('PutItem', '{"TableName":"Books","Item":{...}}')
//                                      `operation` has no "DynamoDB_20120810." prefix; `body` is
//                                      JSON text (an object is JSON.stringify'd). Returns the
//                                      response body: JSON text, on error
//                                      {"__type":"...#ValidationException","message":"..."}.
//   playground.lastStatus()            HTTP status of the last exec (200, 400, 500).
//   playground.openFile(file)          Opens a File as a dropped one: a snapshot, a NoSQL
//                                      Workbench model, a CloudFormation template or a table's
//                                      items (JSON Lines, JSON array, CSV); gzipped (its first
//                                      bytes 1f 8b) it is unpacked first (Promise; the Load
//                                      window shows the outcome).
//   playground.widgetRect(name)        {x, y, w, h} in CSS pixels of a named widget drawn in the
//                                      last frame ("table:Books", "tables.create_sample",
//                                      "item_form.run", "item_form.body", "partition:0",
//                                      "lesson.next", "lesson.choice.0", "lesson.list.<id>",
//                                      ...), or null.
//   playground.widgetRects()           every named rectangle of the last frame, {name: {x, y,
//                                      w, h}} (the layout tests look for overlaps in it).
//   playground.state()                 What the page shows: {frameCount, revision, epoch,
//                                      selectedTable, tablesListed, partitionsShown,
//                                      itemsListed, dataMode, dataIndex (the index on show, or
//                                      ""), indexPending (its writes on their way),
//                                      backgroundWork (GSI writes, a backfill, traffic or a TTL
//                                      sweep still to come), clockPlaying (the page's clock),
//                                      lastError: {type, message} | null,
//                                      operation, editorText, editorActive, builderTab,
//                                      builderJson, builderJsonInvalid, builderJsonProblem, builderJsonColumns,
//                                      builderKeyProblems: [text], response: {operation,
//                                      status, errorType, errorMessage, explanation, count,
//                                      scannedCount, capacityUnits, itemsReturned, hasNextPage,
//                                      requestBody} | null, trace: {operation, read, returned,
//                                      filteredOut, written, partitionsVisited} | null, traceEntries,
//                                      inspectedItemBytes, gridFindRow, historyCount, undoDepth, redoDepth,
//                                      designerError, designerPreview, theme, fontScale,
//                                      largeTargets, presenter, layout, notices: [text],
//                                      lesson: {id, title, view: "step" | "complete", step,
//                                        steps, stepTitle, stepDone, done: [step], quiz:
//                                        {choices, choice, correct} | null, task: {revealed,
//                                        attempted, passed, reason, hintsShown, hints} | null,
//                                        showMe, removedTables, facts} | null (steps 1-based),
//                                      lessons: {status, error, view, current, startError,
//                                        lessons: [{id, file, status, title, minutes, steps,
//                                        done, complete, error}]},
//                                      lessonText, loadingSample, share: {ok, url, message} |
//                                      null, sharePending, shareOpen, importOpen, importError,
//                                      imported: {headline, notices, facets} | null (a model or
//                                      template loaded),
//                                      itemsImport: {format, estimate, tables (the selected one
//                                        first), table, running, progress (0 to 1), outcome: {ok,
//                                        headline, error, problems: ["line 3: <reason>"], failed,
//                                        valid, written, replaced} | null} | null (a file of
//                                        items in the Load window),
//                                      itemsExport: {table, format, fileName} | null (the
//                                        export window open),
//                                      input, devicePixelRatio,
//                                      canvasWidth, canvasHeight}.
//   playground.stateText()             the same as JSON text: what the browser tests read, since
//                                      a string crosses to them whole where an object is walked
//                                      value by value on both sides.
//   playground.frameCount()            frames drawn so far (what state().frameCount says, cheaply:
//                                      the browser tests wait on it every animation frame).
//   playground.framesPainted()         of those, the frames sent to the GPU: a frame that would
//                                      paint what the canvas already shows is not.
//   playground.pixelsPainted()         the pixels those frames painted, in all: a frame paints
//                                      only the rectangle it changes.
//   playground.repaintAll()            paints the next frame whole (the browser tests compare
//                                      a partly painted canvas with a whole one).
//   playground.stepClock(ms)           moves the page's clock on by ms, playing or paused, as
//                                      "Step 1 s" does: GSI writes arrive, traffic runs, TTL
//                                      sweeps come without waiting for them.
//   playground.drawOnDemand(on)        the browser tests' drawing: only the frames asked for with
//                                      requestFrames, a few after each input (instead of
//                                      every frame for 1.5 s after it) and one a second
//                                      when idle (instead of four to ten). A page whose
//                                      window.playgroundDrawOnDemand is true when it starts
//                                      begins so (the tests' contexts set it before each load).
//   playground.requestFrames(n)        draws each of the next n animation frames.
//   playground.paint(on)               the browser tests' painting: off, frames are built (the
//                                      state, the widget rectangles) but the canvas keeps its
//                                      last picture; on again, the next frame is painted whole.
//                                      Answers whether it painted before.
//                                      A page whose window.playgroundPaint is false when it
//                                      starts begins so.
//   playground.frameStats(reset)       {cpuMs: [...], intervalMs: [...]} per frame since the
//                                      last reset (scripts/bench-browser.mjs).
//
// exec goes through the same C++ path as the page's own buttons (web/wire_client.cpp →
// ddb::HandleRequest). Strings are copied to the wasm heap, never onto the 5 MB stack, so
// large requests work.
(function () {
  "use strict";
  const canvas = document.getElementById("canvas");
  const loading = document.getElementById("loading");
  const errorBox = document.getElementById("error");
  const errorText = document.getElementById("error-text");

  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // the error box reports it; keep the console free of a second copy
  ready.then(() => performance.mark("playground-ready"));

  let failed = false;
  function fail(message) {
    if (failed) return;
    failed = true;
    loading.hidden = true;
    errorText.textContent = message;
    errorBox.hidden = false;
    console.error("playground: " + message);
    rejectReady(new Error(message));
  }

  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("webglcontextlost", (e) => {
    e.preventDefault();
    fail("The browser dropped the WebGL context. Reload the page to continue.");
  });

  // Share links carry the sandbox compressed in the fragment: #sandbox=<base64url(deflate)>.
  // A link longer than this is refused (chat apps and address bars cut long URLs).
  const MAX_SHARE_URL = 32768;
  const MAX_SHARED_SNAPSHOT = 64 * 1024 * 1024;  // decompressed: a bound against zip bombs

  function toBase64Url(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function fromBase64Url(text) {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }
  async function compress(text) {
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  async function decompress(bytes) {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_SHARED_SNAPSHOT) throw new Error("what the link carries is larger than 64 MB");
      chunks.push(value);
    }
    return new TextDecoder().decode(await new Blob(chunks).arrayBuffer());
  }

  // What a share link carries (a sandbox, or a design for the challenge its ?studio= names) is
  // read before the module starts, which takes it once.
  const SHARED = /^#(sandbox|design)=/;
  async function readSharedLink() {
    const kind = SHARED.exec(location.hash);
    if (!kind) return null;
    const match = /^#(?:sandbox|design)=([A-Za-z0-9_-]*)$/.exec(location.hash);
    // The link has done its job: a reload continues from what was saved, not the link.
    history.replaceState(null, "", location.pathname + location.search);
    if (!match) return { kind: kind[1], error: "the link's #" + kind[1] + "= part has characters a share link never has" };
    try {
      return { kind: kind[1], text: await decompress(fromBase64Url(match[1])) };
    } catch (e) {
      return { kind: kind[1], error: "the link is cut short or damaged (" + (e && e.message ? e.message : e) + ")" };
    }
  }

  // A share link pasted into the address bar of a tab already showing the page is only a
  // change of fragment: the page opens again to read it (saving the sandbox on the way out, and
  // asking before the link's sandbox replaces it).
  window.addEventListener("hashchange", () => {
    if (SHARED.test(location.hash)) location.reload();
  });

  function announce(region, text) {
    const element = document.getElementById(region === "lesson" ? "live-lesson" : "live-response");
    if (!element) return;
    // Emptied first, so the same text twice in a row is still read out.
    element.textContent = "";
    setTimeout(() => { element.textContent = text; }, 30);
  }

  window.Module = {
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort: (what) => fail("The program stopped: " + what),
    onPageReady: () => {
      loading.hidden = true;
      if (window.playgroundDrawOnDemand === true) Module._ui_draw_on_demand(1);
      resolveReady();
    },
    onPageError: (message) => fail(message),
    // Before main(): the start-up's frames are not painted either.
    onRuntimeInitialized: () => {
      if (window.playgroundPaint === false) Module._ui_paint(0);
    },
    announce,
    sharedLink: null,
    shareOutcome: null,
    // `fragment`: "sandbox" or "design"; `query`, when not empty, replaces the page's query
    // (a design's link opens its challenge: "studio=online-orders").
    startShare(text, fragment, query) {
      const what = fragment === "design" ? "design" : "sandbox";
      compress(text).then((bytes) => {
        const base = query ? location.origin + location.pathname + "?" + query : location.href.replace(/#.*$/, "");
        const url = base + "#" + what + "=" + toBase64Url(bytes);
        Module.shareOutcome = url.length <= MAX_SHARE_URL
          ? { ok: true, url }
          : { ok: false, message: "This " + what + " compresses to a " + url.length.toLocaleString("en") +
              "-character link, more than a link can safely carry (" + MAX_SHARE_URL.toLocaleString("en") + "). " +
              (what === "design" ? "Send the design's text from the editor instead."
                                 : "Delete some items or tables, or use Sandbox > Copy snapshot JSON and send the text instead.") };
      }, (e) => {
        Module.shareOutcome = { ok: false, message: "This browser could not compress the " + what + " (" + e + ")." };
      });
    },
  };

  // The file at `url` as a response of `type`, unpacked (below); a failed fetch throws.
  async function unpacked(url, type) {
    const response = await fetch(url);
    if (!response.ok) throw new Error("HTTP " + response.status);
    return unpack(response, type);
  }
  // `response` as a response of `type` and the same status, unpacked when its bytes are gzip's
  // (they start 1f 8b; a WebAssembly module starts 00 61 73 6d, a font 00 01 00 00, the lessons
  // "index.json"), as they arrive. The site keeps the module, the fonts and the lessons' bundle
  // compressed (web/CMakeLists.txt says why); library.js's js_start_fetch reads through it too.
  async function unpack(response, type) {
    const reader = response.body.getReader();
    let head = new Uint8Array(0);
    let done = false;
    while (head.length < 2 && !done) {
      const chunk = await reader.read();
      done = chunk.done;
      if (chunk.value) head = head.length ? new Uint8Array([...head, ...chunk.value]) : chunk.value;
    }
    const body = new ReadableStream({
      start(controller) {
        if (head.length) controller.enqueue(head);
        if (done) controller.close();
      },
      async pull(controller) {
        const chunk = await reader.read();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const init = { status: response.status, statusText: response.statusText, headers: { "Content-Type": type } };
    if (head[0] !== 0x1f || head[1] !== 0x8b) return new Response(body, init);
    if (typeof DecompressionStream !== "function") {
      throw new Error("this browser cannot unpack it (it has no DecompressionStream): use a current browser");
    }
    return new Response(body.pipeThrough(new DecompressionStream("gzip")), init);
  }
  Module.unpack = unpack;

  // Copies `text` into a NUL-terminated UTF-8 buffer on the heap for the duration of fn(ptr).
  function withHeapString(text, fn) {
    const size = Module.lengthBytesUTF8(text) + 1;
    const ptr = Module._malloc(size);
    try {
      Module.stringToUTF8(text, ptr, size);
      return fn(ptr);
    } finally {
      Module._free(ptr);
    }
  }

  window.playground = {
    ready,
    exec(operation, body) {
      const text = typeof body === "string" ? body : JSON.stringify(body);
      return withHeapString(String(operation), (op) =>
        withHeapString(text, (b) => Module.UTF8ToString(Module._playground_exec(op, b))));
    },
    lastStatus() {
      return Module._playground_last_status();
    },
    // Opens a File (dropped, picked, or made by a test): a snapshot, a model, a template or items.
    // A gzipped one (DynamoDB's export to S3 writes .json.gz) is told by its magic bytes, not its
    // name, and unpacked by the browser's own DecompressionStream.
    async openFile(file) {
      const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
      const gzipped = head[0] === 0x1f && head[1] === 0x8b;
      const text = gzipped
        ? await new Response(file.stream().pipeThrough(new DecompressionStream("gzip"))).text()
        : await file.text();
      withHeapString(file.name, (n) => withHeapString(text, (t) => Module._playground_open_file(n, t)));
    },
    widgetRect(name) {
      return JSON.parse(withHeapString(String(name), (n) => Module.UTF8ToString(Module._ui_widget_rect(n))));
    },
    widgetRects() {
      return this.widgetRect("*");
    },
    state() {
      return JSON.parse(this.stateText());
    },
    stateText() {
      return Module.UTF8ToString(Module._ui_state());
    },
    frameCount() {
      return Module._ui_frame_count();
    },
    framesPainted() {
      return Module._ui_frames_painted();
    },
    pixelsPainted() {
      return Module._ui_pixels_painted();
    },
    repaintAll() {
      Module._ui_repaint_all();
    },
    stepClock(millis) {
      Module._ui_step_clock(Number(millis));
    },
    drawOnDemand(on) {
      Module._ui_draw_on_demand(on ? 1 : 0);
    },
    requestFrames(n) {
      Module._ui_request_frames(Number(n));
    },
    paint(on) {
      return Module._ui_paint(on ? 1 : 0) !== 0;
    },
    frameStats(reset) {
      return JSON.parse(Module.UTF8ToString(Module._ui_frame_stats(reset ? 1 : 0)));
    },
  };
  // A file dropped anywhere on the page opens as the Load window opens a pasted one.
  addEventListener("dragover", (e) => {
    if (e.dataTransfer && [...e.dataTransfer.types].includes("Files")) e.preventDefault();
  });
  addEventListener("drop", (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file) return;
    e.preventDefault();
    ready.then(() => window.playground.openFile(file));
  });

  // Leaving or hiding the page saves the sandbox at once (it is otherwise saved a second
  // after the last change).
  const saveNow = () => { if (Module._ui_page_hidden && Module.calledRun) Module._ui_page_hidden(); };
  window.addEventListener("pagehide", saveNow);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") saveNow(); });

  window.addEventListener("error", (e) => {
    if (e.target === window) fail(e.message || "A script error stopped the page.");
  });
  if (location.protocol === "file:") {
    fail("Browsers do not load WebAssembly from file:// pages. Serve the site folder over HTTP: scripts/play.");
    return;
  }
  // Offline: a service worker keeps the page's files, so it opens again without a network.
  // Registered relative to this page, so it works under any path prefix; once the page is
  // ready, because its first install fetches every file again, and on two cores that slowed
  // the first frame of a first visit by about 300 ms (scripts/bench-browser.mjs).
  if ("serviceWorker" in navigator) {
    ready.then(() => navigator.serviceWorker.register("sw.js"))
      .catch((e) => { if (!failed) console.warn("playground: no offline copy: " + e); });
  }
  // The sandbox's IndexedDB database (library.js, js_record_request) is opened now, while the
  // program downloads and compiles: on a first visit the browser creates it, which the start-up
  // would otherwise wait for. A failure is the records' to report, as each request's outcome.
  Module.recordsDb = new Promise((resolve, reject) => {
    let request;
    try { request = indexedDB.open("ddb-playground", 1); } catch (e) { reject(e); return; }
    request.onupgradeneeded = () => request.result.createObjectStore("records");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the store is held by another tab of an older version"));
  });
  Module.recordsDb.catch(() => {});
  // The fonts (assets/fonts.txt) are fetched now, while the module downloads; the module starts
  // once they are in (a run dependency), and library.js hands them to the C++ (js_take_font).
  // A font that cannot be fetched is stood in for by the other (web/widgets/theme.cpp); without
  // either the page cannot draw a word, and says so as for a module that cannot be loaded.
  const fonts = ["ui", "mono"].map((name) => unpacked("fonts/" + name + ".ttf", "font/ttf")
    .then((r) => r.arrayBuffer())
    .then((bytes) => [name, new Uint8Array(bytes)], (e) => {
      console.warn("playground: fonts/" + name + ".ttf could not be fetched (" + e + "): the other font instead");
      return [name, null];
    }));
  Module.fonts = {};
  // The module is kept in the site as playground.wasm.gz, compressed by zopfli when the page is
  // built (web/CMakeLists.txt): 28 KB less to download than gzip -9 gives (578,662 against
  // 606,839 bytes, 2026-12-06), room the first visit's 700 KB budget needs, and the same small
  // download from a server that compresses nothing. It is unpacked here as it arrives
  // (DecompressionStream), so the browser still compiles it while it downloads. A server that
  // sends it with Content-Encoding: gzip has the browser unpack it: the first two bytes say which.
  Module.instantiateWasm = (imports, receive) => {
    unpacked("playground.wasm.gz", "application/wasm")
      .then((response) => WebAssembly.instantiateStreaming(response, imports))
      .then((result) => receive(result.instance, result.module),
        (e) => fail("Could not load playground.wasm.gz: " + e + ". Is the page served from the build's site/ folder?"));
    return {};
  };
  // The lessons (web/view_models/lesson_library.h, kBundlePath) are asked for now too, while
  // the module downloads: js_start_fetch takes this answer when the start-up asks for it. Begun
  // in the first frame, the fetch cost that frame about 25 ms (a trace of the first frame).
  Module.prefetched = { "lessons/bundle.txt": fetch("lessons/bundle.txt", { cache: "no-cache" })
    .then((r) => (r.ok ? unpack(r, "text/plain") : r)) };
  Module.prefetched["lessons/bundle.txt"].catch(() => {});  // js_start_fetch reports a failure
  Module.preRun = [() => {
    Module.addRunDependency("fonts");
    Promise.all(fonts).then((loaded) => {
      for (const [name, bytes] of loaded) if (bytes) Module.fonts[name] = bytes;
      if (Object.keys(Module.fonts).length === 0) {
        fail("Could not load fonts/ui.ttf or fonts/mono.ttf. Is the page served from the build's site/ folder?");
        return;
      }
      Module.removeRunDependency("fonts");
    });
  }];
  readSharedLink().then((shared) => {
    Module.sharedLink = shared;
    const script = document.createElement("script");
    script.src = "playground.js";
    script.async = true;
    script.onerror = () => fail("Could not load playground.js. Is the page served from the build's site/ folder?");
    document.body.appendChild(script);
  });
})();
