// JSON Patch for the broken-file manifests (lessons and traffic scenarios).
// RFC 6902 add / remove / replace, enough for the manifest's patches.
export function applyPatch(document, patch) {
  const doc = structuredClone(document);
  for (const { op, path, value } of patch) {
    const tokens = path.split('/').slice(1).map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = tokens.pop();
    const parent = tokens.reduce((node, t) => node[Array.isArray(node) ? Number(t) : t], doc);
    if (!parent || typeof parent !== 'object') throw new Error(`bad patch path ${path}`);
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op === 'add') parent.splice(index, 0, value);
      else if (op === 'remove') parent.splice(index, 1);
      else parent[index] = value;
    } else if (op === 'remove') {
      if (!(last in parent)) throw new Error(`nothing to remove at ${path}`);
      delete parent[last];
    } else {
      if (op === 'replace' && !(last in parent)) throw new Error(`nothing to replace at ${path}`);
      parent[last] = value;
    }
  }
  return doc;
}
