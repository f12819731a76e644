/**
 * The `[scenario=scenario]` segment of a setup page's URL: only the id of a scenario whose view has a
 * setup page (`ui/scenario-view.ts`), so that `/play/` and the other pages are never taken for one and
 * the test-only scenario, which has none, has no URL.
 */
import type { ParamMatcher } from '@sveltejs/kit';
import { withSetup } from '$lib/ui/scenario-view';

export const match = ((param: string): boolean => withSetup(param) !== undefined) satisfies ParamMatcher;
