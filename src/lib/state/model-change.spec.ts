import { describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';
import type { ModelChoice } from '$lib/engines/types';
import { panelChangeRefusal } from './model-change';

const A: ModelChoice = { engine: 'openai', model: 'a', baseUrl: 'http://127.0.0.1:9/v1' };
const B: ModelChoice = { engine: 'openai', model: 'b', baseUrl: 'http://127.0.0.1:9/v1' };
const PANEL: ModelChoice = { ...A, panel: B };

describe('a panel seat’s models mid-run', () => {
	it('are refused in both directions, saying which seat, and a plain change passes', () => {
		expect(panelChangeRefusal(3, PANEL, A)).toBe(m.rest_change_panel({ seat: 3 }, { locale: 'en' }));
		expect(panelChangeRefusal(3, PANEL, { ...B, panel: A })).toBe(
			m.rest_change_panel({ seat: 3 }, { locale: 'en' })
		);
		expect(panelChangeRefusal(1, A, PANEL)).toBe(m.rest_change_to_panel({ seat: 1 }, { locale: 'en' }));
		expect(panelChangeRefusal(1, A, B)).toBeNull();
	});
});
