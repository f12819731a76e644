import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import DataTable from './DataTable.svelte';

interface Fruit {
	id: number;
	name: string;
}

const row = createRawSnippet((fruit: () => Fruit, i: () => number) => ({
	render: () => `<tr data-n="${i()}"><td>${fruit().name}</td></tr>`
}));
const empty = createRawSnippet(() => ({ render: () => '<p class="none">No fruit yet.</p>' }));

function html(props: { rows: Fruit[]; withEmpty?: boolean }): string {
	const { body } = render(DataTable<Fruit>, {
		props: {
			columns: ['Fruit', { label: 'Weight', title: 'In grams' }, { label: 'Actions', hidden: true }],
			rows: props.rows,
			key: (f: Fruit) => f.id,
			row,
			...(props.withEmpty ? { empty } : {}),
			'data-testid': 'fruit'
		}
	});
	// Svelte's hydration markers are not what a person or a test reads.
	return body.replace(/<!--[^>]*-->/g, '');
}

describe('DataTable', () => {
	it('heads each column as given (scope=col): plain words, a hover title, or words for screen readers only', () => {
		const out = html({ rows: [{ id: 1, name: 'apple' }] });
		expect(out).toContain('<table data-testid="fruit">');
		expect(out).toMatch(/<th scope="col">Fruit<\/th>/);
		expect(out).toMatch(/<th scope="col" title="In grams">\s*Weight\s*<\/th>/);
		expect(out).toMatch(/<th scope="col"><span class="visually-hidden">\s*Actions\s*<\/span><\/th>/);
	});

	it("draws one line per row, in order, from the caller's snippet", () => {
		const out = html({
			rows: [
				{ id: 2, name: 'pear' },
				{ id: 1, name: 'apple' }
			]
		});
		expect([...out.matchAll(/<tr data-n="(\d)"><td>(\w+)<\/td><\/tr>/g)].map((m) => [m[1], m[2]])).toEqual([
			['0', 'pear'],
			['1', 'apple']
		]);
	});

	it('with no rows, shows the empty snippet instead of the table where one is given', () => {
		const out = html({ rows: [], withEmpty: true });
		expect(out).toContain('<p class="none">No fruit yet.</p>');
		expect(out).not.toContain('<table');
	});

	it('with no rows and no empty snippet, keeps the headings over an empty body', () => {
		const out = html({ rows: [] });
		expect(out).toContain('<th scope="col">Fruit</th>');
		expect(out).toMatch(/<tbody>\s*<\/tbody>/);
	});
});

describe('DataTable past a page of rows', () => {
	const many = Array.from({ length: 250 }, (_, i) => ({ id: i, name: `f${i}` }));
	const page = (pageSize?: number) => {
		const { body } = render(DataTable<Fruit>, {
			props: {
				columns: ['Fruit'],
				rows: many,
				key: (f: Fruit) => f.id,
				row,
				...(pageSize ? { pageSize } : {})
			}
		});
		return body.replace(/<!--[^>]*-->/g, '');
	};

	it('draws the first page of rows only, numbered as in the whole list, and says which rows they are', () => {
		const out = page();
		const drawn = [...out.matchAll(/<tr data-n="(\d+)">/g)].map((m) => Number(m[1]));
		expect(drawn).toEqual(Array.from({ length: 100 }, (_, i) => i));
		expect(out).toContain('Rows 1–100 of 250');
		expect(out).toMatch(/<button[^>]*disabled[^>]*data-testid="table-previous"/);
		expect(out).not.toMatch(/<button[^>]*disabled[^>]*data-testid="table-next"/);
	});

	it('shows every row, with no page buttons, while they fit on one page', () => {
		const out = page(300);
		expect([...out.matchAll(/<tr data-n=/g)]).toHaveLength(250);
		expect(out).not.toContain('table-pages');
	});
});
