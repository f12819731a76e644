// A static site: every page is prerendered as a shell and runs entirely in the browser, where the
// runs live (IndexedDB, workers). There is no server to render on.
export const prerender = true;
export const ssr = false;
export const trailingSlash = 'always';
