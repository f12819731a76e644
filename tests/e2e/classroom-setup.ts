/** The undercover game the classroom browser tests play: six seats, one undercover, in English. */
export function undercoverGame(seed: number) {
	return { scenario: 'undercover', seed, config: { seats: 6, undercover: 1, blank: false, lang: 'en' } };
}
