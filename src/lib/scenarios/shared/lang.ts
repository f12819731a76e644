/**
 * The language of a run: what its prompts, scripted lines, refusals and rule book are written in.
 * Part of the run (it changes what is hashed), so it is a config field, never the interface's
 * language at play time. Every scenario's per-language texts are one `ByLang` table, read with `inLang`.
 */

export type RunLang = 'en' | 'zh';

export const RUN_LANGS: readonly RunLang[] = ['en', 'zh'];

export const isRunLang = (v: unknown): v is RunLang => RUN_LANGS.includes(v as RunLang);

/** One entry per run language: a scenario's words, or anything else that differs by language. */
export type ByLang<T> = Readonly<Record<RunLang, T>>;

/** The entry for `lang`; a state or observation from before the field existed (none) is English. */
export const inLang = <T>(table: ByLang<T>, lang: RunLang | undefined): T => table[lang ?? 'en'];
