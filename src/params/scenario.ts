/**
 * The `[scenario=scenario]` segment of a setup page's URL: only the id of a scenario whose view has a
 * setup page, so that the test-only scenario, which has none, has no URL. The router runs this on
 * every page, so it reads the folders holding a setup form (`scenarios/<id>/ui/Setup.svelte`, the file
 * a view's `setup.form` loads) rather than the views themselves, which would put every view and its
 * messages into every page's first load (about 4 KB gzipped, measured); ui/scenario-view.spec.ts
 * checks that the two name the same scenarios.
 */
import type { ParamMatcher } from '@sveltejs/kit';

const forms = import.meta.glob('../lib/scenarios/*/ui/Setup.svelte');
/** The scenarios with a setup form, by folder. */
export const withForm = new Set(Object.keys(forms).map((path) => path.split('/').at(-3)));

export const match = ((param: string): boolean => withForm.has(param)) satisfies ParamMatcher;
