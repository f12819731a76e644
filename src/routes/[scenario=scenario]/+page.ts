// One route for every scenario's setup page, `<id>/`: the build prerenders one shell for each scenario
// whose view has a setup page (the param matcher, src/params/scenario.ts, admits no other), since a
// shell rendered without ssr has no links for the prerenderer to follow to them.
import type { EntryGenerator, PageLoad } from './$types';
import { setupViews, withSetup } from '$lib/ui/scenario-view';

export const entries: EntryGenerator = () => setupViews().map((v) => ({ scenario: v.id }));

/** The scenario's view and its form, loaded before the page shows so that it appears in one paint. */
export const load: PageLoad = async ({ params }) => {
	// The matcher has admitted only ids with a setup page.
	const view = withSetup(params.scenario)!;
	const { default: Form } = await view.setup.form();
	return { title: view.setup.title, Form };
};
