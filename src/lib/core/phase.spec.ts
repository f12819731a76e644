import { describe, expect, it } from 'vitest';
import { definePhases, IllegalTransitionError } from './phase';
import { LogicalClock } from './clock';

describe('phase machine', () => {
	const m = definePhases<'A' | 'B' | 'C'>({ A: ['B'], B: ['C', 'A'], C: [] });
	it('allows what the successors table lists', () => {
		expect(m.go('A', 'B')).toBe('B');
		expect(m.go('B', 'A')).toBe('A');
	});
	it('throws on an illegal transition', () => {
		expect(() => m.go('A', 'C')).toThrow(IllegalTransitionError);
		expect(() => m.go('C', 'A')).toThrow('illegal phase transition: C -> A');
	});
});

describe('logical clock', () => {
	it('only moves forward', () => {
		const c = new LogicalClock();
		expect(c.advance()).toBe(1);
		c.set(5);
		expect(c.now).toBe(5);
		expect(() => c.set(4)).toThrow(/cannot go back/);
	});
});
