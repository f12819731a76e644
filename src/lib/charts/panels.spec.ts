import { describe, expect, it } from 'vitest';
import { columnsThatFit, gridCell, gridHeight, type PanelGrid } from './panels';

describe('panels', () => {
	it('lays panels out in as many columns as fit, row after row', () => {
		expect(columnsThatFit(1100, 330, 20, 12)).toBe(3);
		expect(columnsThatFit(200, 330, 20, 12)).toBe(1);
		const grid: PanelGrid = { columns: 2, width: 100, height: 50, gap: 10, margin: 5 };
		expect([0, 1, 2].map((i) => gridCell(grid, i))).toEqual([
			{ x: 5, y: 5 },
			{ x: 115, y: 5 },
			{ x: 5, y: 65 }
		]);
		expect(gridHeight(grid, 3)).toBe(2 * 5 + 2 * 50 + 10);
		expect(gridHeight(grid, 0)).toBe(2 * 5 + 50);
	});
});
