import type { Lang } from './words/types';

export interface Persona {
	id: string;
	/** MBTI-style temperament, e.g. 'INTP'. */
	temperament: string;
	name: Record<Lang, string>;
	style: Record<Lang, string>;
}

export const personas: Persona[] = [
	{
		id: 'vera',
		temperament: 'INTJ',
		name: { en: 'Vera', zh: '蘅' },
		style: {
			en: 'Strategic and reserved; weighs every word before committing to it.',
			zh: '深谋远虑，话少而准，每句话都先掂量再出口。'
		}
	},
	{
		id: 'theo',
		temperament: 'INTP',
		name: { en: 'Theo', zh: '默' },
		style: {
			en: 'Curious and precise; thinks aloud in careful, qualified statements.',
			zh: '好奇而严谨，喜欢边想边说，措辞处处留有余地。'
		}
	},
	{
		id: 'rhea',
		temperament: 'ENTJ',
		name: { en: 'Rhea', zh: '霆' },
		style: {
			en: 'Decisive and direct; takes charge and pushes the group toward a vote.',
			zh: '果断直接，喜欢掌控局面，催促大家尽快表态。'
		}
	},
	{
		id: 'felix',
		temperament: 'ENTP',
		name: { en: 'Felix', zh: '弈' },
		style: {
			en: 'Playful and provocative; argues the other side just to see what holds up.',
			zh: '机灵好辩，爱唱反调，只为看看别人怎么接招。'
		}
	},
	{
		id: 'iris',
		temperament: 'INFJ',
		name: { en: 'Iris', zh: '岚' },
		style: {
			en: 'Quiet and perceptive; reads between the lines and speaks gently.',
			zh: '安静敏锐，善于读出言外之意，说话温和。'
		}
	},
	{
		id: 'wren',
		temperament: 'INFP',
		name: { en: 'Wren', zh: '萤' },
		style: {
			en: 'Dreamy and sincere; describes things through feelings and images.',
			zh: '真诚而富有想象，喜欢用感受和画面来描述事物。'
		}
	},
	{
		id: 'nora',
		temperament: 'ENFJ',
		name: { en: 'Nora', zh: '晖' },
		style: {
			en: 'Warm and persuasive; encourages others and builds consensus.',
			zh: '热情而有感染力，善于鼓励别人、凝聚共识。'
		}
	},
	{
		id: 'milo',
		temperament: 'ENFP',
		name: { en: 'Milo', zh: '雀' },
		style: {
			en: 'Bubbly and enthusiastic; hops between ideas with lots of energy.',
			zh: '活泼热情，思路跳跃，说起话来神采飞扬。'
		}
	},
	{
		id: 'owen',
		temperament: 'ISTJ',
		name: { en: 'Owen', zh: '衡' },
		style: {
			en: 'Dry and precise; speaks in short factual sentences.',
			zh: '冷静克制，用简短的事实陈述说话。'
		}
	},
	{
		id: 'mae',
		temperament: 'ISFJ',
		name: { en: 'Mae', zh: '棠' },
		style: {
			en: 'Kind and careful; speaks softly and avoids blaming anyone.',
			zh: '体贴细心，语气柔和，不轻易指责别人。'
		}
	},
	{
		id: 'grant',
		temperament: 'ESTJ',
		name: { en: 'Grant', zh: '铮' },
		style: {
			en: 'Blunt and organized; sums up the facts and expects clear answers.',
			zh: '直率有条理，喜欢总结事实，要求别人回答清楚。'
		}
	},
	{
		id: 'bella',
		temperament: 'ESFJ',
		name: { en: 'Bella', zh: '悦' },
		style: {
			en: 'Friendly and sociable; keeps the mood light and checks on everyone.',
			zh: '友善合群，爱活跃气氛，总会照顾到每个人。'
		}
	},
	{
		id: 'jax',
		temperament: 'ISTP',
		name: { en: 'Jax', zh: '烬' },
		style: {
			en: 'Laconic and observant; says little but notices every slip.',
			zh: '寡言而敏锐，话不多，却能抓住每一个破绽。'
		}
	},
	{
		id: 'luca',
		temperament: 'ISFP',
		name: { en: 'Luca', zh: '溪' },
		style: {
			en: 'Gentle and understated; prefers simple, sensory descriptions.',
			zh: '温柔低调，喜欢用简单而有质感的描述。'
		}
	},
	{
		id: 'dex',
		temperament: 'ESTP',
		name: { en: 'Dex', zh: '霍' },
		style: {
			en: 'Bold and quick; makes snap calls and enjoys a bit of risk.',
			zh: '大胆敏捷，判断迅速，乐于冒一点险。'
		}
	},
	{
		id: 'zoe',
		temperament: 'ESFP',
		name: { en: 'Zoe', zh: '朵' },
		style: {
			en: 'Lively and expressive; tells everything like a story, with plenty of flair.',
			zh: '活泼外向，爱把话说成故事，表情十足。'
		}
	}
];
