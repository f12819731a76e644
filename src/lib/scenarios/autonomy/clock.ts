/**
 * The run's clock as words, apart from the repository so that what reads a finished run's ledger
 * (the home page's lessons) need not load the tools the repository is built on.
 */
import { textsFor, type AutonomyLang } from './texts';

/** A moment of the run in the run's language ("day 2, 15:01", "第 2 天 15:01"), as the log records it. */
export function clockOf(minute: number, lang: AutonomyLang = 'en'): string {
	const d = Math.floor(minute / 1440) + 1;
	const m = ((minute % 1440) + 1440) % 1440;
	return textsFor(lang).clock(
		d,
		`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
	);
}
