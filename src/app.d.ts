// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		/**
		 * What a setup page hands the play page with its link (`goto(..., { state })`), kept with that
		 * history entry only: a reload or a link opened anew has neither, so both fail safe.
		 */
		interface PageState {
			/** Start playing at once. */
			autoplay?: boolean;
			/**
			 * The setup is the person's own, chosen on this site's setup page, not a link from elsewhere:
			 * its endpoints need no confirmation. Absent, the play page treats the setup as a link's.
			 */
			ownSetup?: boolean;
		}
	}
}

export {};
