/**
 * Concepts shared by the English and Chinese packs: where a pair names the same two things in both
 * languages (cat/dog and 猫/狗), it gets one concept key, so a model's English and Chinese games can be
 * paired deal by deal ("does this model play worse in Chinese?" answered game by game). The key is the
 * English pair, "cat/dog"; each entry lists the Chinese words in the same order as the English ones,
 * so the concept's first word is the same thing in both languages.
 *
 * Only pairs whose two things match are listed: 辣椒/花椒 has no English pair, and flute/clarinet's
 * Chinese neighbour is 笛子/箫. `concepts.spec.ts` checks every entry against the packs.
 */
import { findPair } from '.';
import type { Lang, WordPair } from './types';

/** [English first word, English second word, Chinese first word, Chinese second word]. */
const ALIGNED: readonly (readonly [string, string, string, string])[] = [
	['apple', 'pear', '苹果', '梨'],
	['strawberry', 'cherry', '草莓', '樱桃'],
	['coffee', 'tea', '咖啡', '茶'],
	['cat', 'dog', '猫', '狗'],
	['tiger', 'lion', '老虎', '狮子'],
	['butterfly', 'bee', '蝴蝶', '蜜蜂'],
	['horse', 'donkey', '马', '驴'],
	['dolphin', 'shark', '海豚', '鲨鱼'],
	['rabbit', 'hamster', '兔子', '仓鼠'],
	['eagle', 'owl', '老鹰', '猫头鹰'],
	['duck', 'goose', '鸭子', '鹅'],
	['frog', 'toad', '青蛙', '蟾蜍'],
	['cow', 'sheep', '牛', '羊'],
	['monkey', 'gorilla', '猴子', '猩猩'],
	['penguin', 'seal', '企鹅', '海豹'],
	['snake', 'lizard', '蛇', '蜥蜴'],
	['elephant', 'rhino', '大象', '犀牛'],
	['zebra', 'giraffe', '斑马', '长颈鹿'],
	['wolf', 'fox', '狼', '狐狸'],
	['pillow', 'cushion', '枕头', '靠垫'],
	['broom', 'mop', '扫帚', '拖把'],
	['lamp', 'candle', '台灯', '蜡烛'],
	['fridge', 'freezer', '冰箱', '冰柜'],
	['key', 'lock', '钥匙', '锁'],
	['kettle', 'teapot', '水壶', '茶壶'],
	['doctor', 'nurse', '医生', '护士'],
	['teacher', 'coach', '老师', '教练'],
	['chef', 'baker', '厨师', '面包师'],
	['pilot', 'astronaut', '飞行员', '宇航员'],
	['farmer', 'gardener', '农民', '园丁'],
	['painter', 'sculptor', '画家', '雕塑家'],
	['waiter', 'cashier', '服务员', '收银员'],
	['firefighter', 'lifeguard', '消防员', '救生员'],
	['journalist', 'photographer', '记者', '摄影师'],
	['scientist', 'inventor', '科学家', '发明家'],
	['library', 'bookstore', '图书馆', '书店'],
	['hospital', 'clinic', '医院', '诊所'],
	['park', 'garden', '公园', '花园'],
	['museum', 'gallery', '博物馆', '美术馆'],
	['cinema', 'theater', '电影院', '剧院'],
	['restaurant', 'cafe', '餐厅', '咖啡馆'],
	['school', 'university', '学校', '大学'],
	['zoo', 'farm', '动物园', '农场'],
	['airport', 'station', '机场', '火车站'],
	['gym', 'pool', '健身房', '游泳馆'],
	['kitchen', 'bathroom', '厨房', '卫生间'],
	['castle', 'palace', '城堡', '宫殿'],
	['beach', 'desert', '海滩', '沙漠'],
	['airplane', 'helicopter', '飞机', '直升机'],
	['truck', 'van', '卡车', '面包车'],
	['elevator', 'escalator', '电梯', '扶梯'],
	['swimming', 'diving', '游泳', '跳水'],
	['golf', 'billiards', '高尔夫', '台球'],
	['marathon', 'sprint', '马拉松', '短跑'],
	['baseball', 'cricket', '棒球', '板球'],
	['archery', 'darts', '射箭', '飞镖'],
	['rain', 'snow', '雨', '雪'],
	['sun', 'moon', '太阳', '月亮'],
	['river', 'lake', '河', '湖'],
	['mountain', 'hill', '山', '丘陵'],
	['cloud', 'fog', '云', '雾'],
	['thunder', 'lightning', '打雷', '闪电'],
	['island', 'peninsula', '海岛', '半岛'],
	['guitar', 'violin', '吉他', '小提琴'],
	['trumpet', 'trombone', '小号', '长号'],
	['harmonica', 'accordion', '口琴', '手风琴'],
	['microphone', 'speaker', '话筒', '音箱'],
	['scarf', 'shawl', '围巾', '披肩'],
	['boot', 'sneaker', '靴子', '运动鞋'],
	['skirt', 'dress', '裙子', '连衣裙'],
	['belt', 'tie', '腰带', '领带'],
	['jeans', 'shorts', '牛仔裤', '短裤'],
	['necklace', 'bracelet', '项链', '手链'],
	['umbrella', 'parasol', '雨伞', '遮阳伞'],
	['ruler', 'protractor', '尺子', '量角器'],
	['notebook', 'diary', '笔记本', '日记本'],
	['stapler', 'paperclip', '订书机', '回形针'],
	['chalk', 'crayon', '粉笔', '蜡笔'],
	['backpack', 'suitcase', '书包', '行李箱'],
	['exam', 'homework', '考试', '作业'],
	['glue', 'tape', '胶水', '胶带'],
	['map', 'globe', '地图', '地球仪'],
	['blackboard', 'whiteboard', '黑板', '白板'],
	['envelope', 'parcel', '信封', '包裹'],
	['hand', 'foot', '手', '脚'],
	['eye', 'ear', '眼睛', '耳朵'],
	['tooth', 'tongue', '牙齿', '舌头'],
	['knee', 'elbow', '膝盖', '手肘'],
	['hair', 'beard', '头发', '胡子'],
	['fever', 'cough', '发烧', '咳嗽'],
	['heart', 'lung', '心脏', '肺'],
	['bandage', 'plaster', '绷带', '创可贴'],
	['vitamin', 'medicine', '维生素', '药'],
	['finger', 'toe', '手指', '脚趾'],
	['sneeze', 'yawn', '打喷嚏', '打哈欠'],
	['bone', 'muscle', '骨头', '肌肉'],
	['fishing', 'camping', '钓鱼', '露营'],
	['kite', 'balloon', '风筝', '气球'],
	['reading', 'writing', '看书', '写作'],
	['hiking', 'climbing', '爬山', '攀岩'],
	['cooking', 'baking', '做饭', '烘焙'],
	['swing', 'slide', '秋千', '滑梯'],
	['picnic', 'barbecue', '野餐', '烧烤'],
	['film', 'cartoon', '电影', '动画片']
];

const byKey = new Map(ALIGNED.map((e) => [`${e[0]}/${e[1]}`, e]));

/** Every concept key, in list order. */
export const CONCEPTS: readonly string[] = [...byKey.keys()];

/** The concept's two words in a language, first word first; undefined for an unknown concept. */
export function conceptWords(concept: string, lang: Lang): readonly [string, string] | undefined {
	const e = byKey.get(concept);
	if (!e) return undefined;
	return lang === 'en' ? [e[0], e[1]] : [e[2], e[3]];
}

/** The concept a pack's pair names, or null where the other pack has no pair of the same two things. */
export function conceptOf(lang: Lang, pair: WordPair): string | null {
	for (const [key, e] of byKey) {
		const [first, second] = lang === 'en' ? [e[0], e[1]] : [e[2], e[3]];
		const words = new Set([pair.a.word, pair.b.word]);
		if (words.has(first) && words.has(second)) return key;
	}
	return null;
}

/** The pack pair of a concept in a language (both words in one pair), or undefined. */
export function conceptPair(concept: string, lang: Lang): WordPair | undefined {
	const words = conceptWords(concept, lang);
	if (!words) return undefined;
	const pair = findPair(lang, words[0]);
	return pair && [pair.a.word, pair.b.word].includes(words[1]) ? pair : undefined;
}
