// Copies the page's scripts into the site minified by terser (from the npm registry, pinned in
// package-lock.json; scripts/setup installs it): the module's JavaScript glue that Emscripten
// writes, page.js that sets it up, and the service worker. The first visit's budget (700 KB gzip,
// tests/e2e/offline.test.mjs) counts every byte a visitor downloads, and minified the three are
// 5.0 KB gzip smaller (16.8 -> 11.8 KB: the glue 13.0 -> 8.6, page.js 3.2 -> 2.6, 2026-12-06).
// ESLint and the reader keep the sources, comments and all. index.html goes through here too,
// without its comments (HTML and CSS: 0.3 KB gzip of the first visit, 2026-12-07).
//
// Usage: node web/minify_scripts.mjs <site dir> <script or index.html>...
//
// The glue is a classic script whose top-level names nothing outside it uses but `Module`
// (page.js fills window.Module before it loads; both reach each other only through Module's
// properties, which are never renamed), so its top level is minified too: unused runtime
// helpers dropped, the rest renamed. page.js and the service worker keep their top-level
// names. A file is written only when it changes, so an unchanged site keeps its timestamps.
import fs from 'node:fs';
import path from 'node:path';

const [siteDir, ...scripts] = process.argv.slice(2);
if (!siteDir || scripts.length === 0) {
  console.error('usage: node web/minify_scripts.mjs <site dir> <script or index.html>...');
  process.exit(2);
}

let minify;
try {
  ({ minify } = await import('terser'));
} catch {
  console.error('web/minify_scripts.mjs: the npm package terser is missing: run scripts/setup');
  process.exit(1);
}

const glueOptions = {
  toplevel: true,
  compress: { passes: 2 },
  mangle: { reserved: ['Module'] },
};
const scriptOptions = { compress: { passes: 2 }, mangle: true };

// The page without its comments: <!-- --> ones, and /* */ ones inside its <style>, each with
// the indentation and line break around it.
function withoutComments(html) {
  return html
    .replace(/[ \t]*<!--[\s\S]*?-->[ \t]*\n?/g, '')
    .replace(/<style>[\s\S]*?<\/style>/g, (style) => style.replace(/[ \t]*\/\*[\s\S]*?\*\/[ \t]*\n?/g, ''));
}

for (const script of scripts) {
  const name = path.basename(script);
  const source = fs.readFileSync(script, 'utf8');
  let result;
  try {
    result = name.endsWith('.html')
      ? { code: withoutComments(source) }
      : await minify(source, name === 'playground.js' ? glueOptions : scriptOptions);
  } catch (e) {
    console.error(`${script}: terser could not minify it: ${e.message}`);
    process.exit(1);
  }
  const target = path.join(siteDir, name);
  const old = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (old !== result.code) fs.writeFileSync(target, result.code);
}
