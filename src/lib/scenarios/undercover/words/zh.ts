import type { WordPair } from './types';

// Chinese word pairs for Who is the Undercover (谁是卧底).
// Each feature reads naturally after "它"; shared features let the undercover blend in.

export const pairs: WordPair[] = [
	// food
	{
		category: 'food',
		difficulty: 3,
		a: { word: '饺子', features: ['形状像元宝', '用面皮包着馅', '是常见的面食', '过年时常吃', '常蘸醋吃'] },
		b: { word: '包子', features: ['圆圆鼓鼓的', '用面皮包着馅', '是常见的面食', '是早餐常见的', '用蒸笼蒸'] }
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: '汤圆',
			features: ['是包出来的', '是圆圆的糯米团', '常在正月十五吃', '有甜甜的馅', '南方常见']
		},
		b: {
			word: '元宵',
			features: ['是滚出来的', '是圆圆的糯米团', '常在正月十五吃', '有甜甜的馅', '北方常见']
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: '面条',
			features: ['用小麦面粉做', '长长的细条', '常放在汤里吃', '可以拌着吃', '生日时吃代表长寿']
		},
		b: { word: '米粉', features: ['用大米做', '长长的细条', '常放在汤里吃', '可以拌着吃', '南方人爱吃'] }
	},
	{
		category: 'food',
		difficulty: 2,
		a: { word: '苹果', features: ['常是红色的', '长在树上', '是常见的水果', '脆脆的多汁', '每天一个身体好'] },
		b: {
			word: '梨',
			features: ['上小下大', '长在树上', '是常见的水果', '脆脆的多汁', '可以炖冰糖润喉', '分着吃不吉利']
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: '西瓜',
			features: ['外皮有绿色条纹', '是夏天的水果', '很甜', '个头很大', '瓤是红色的', '有黑色的籽']
		},
		b: {
			word: '哈密瓜',
			features: ['皮上有网纹', '是夏天的水果', '很甜', '个头很大', '果肉是橙色的', '产自新疆']
		}
	},
	{
		category: 'food',
		difficulty: 3,
		a: { word: '橘子', features: ['皮很好剥', '是柑橘类水果', '酸酸甜甜', '一瓣一瓣的', '个头小'] },
		b: {
			word: '橙子',
			features: ['常榨成果汁', '是柑橘类水果', '酸酸甜甜', '一瓣一瓣的', '皮比较厚', '要用刀切开']
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: { word: '草莓', features: ['表面有很多小籽', '是小小的红色水果', '常放在蛋糕上', '长在地上'] },
		b: { word: '樱桃', features: ['里面有核', '是小小的红色水果', '常放在蛋糕上', '长在树上', '有长长的梗'] }
	},
	{
		category: 'food',
		difficulty: 3,
		a: { word: '馒头', features: ['圆圆的一个', '是蒸出来的面食', '北方人常吃', '没有馅', '白白胖胖'] },
		b: { word: '花卷', features: ['卷成花的样子', '是蒸出来的面食', '北方人常吃', '没有馅', '常撒葱花'] }
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: '油条',
			features: ['常配豆浆吃', '是油炸的面食', '金黄色', '是长条形', '松软多孔', '是早餐常见的']
		},
		b: { word: '麻花', features: ['拧成绳子的形状', '是油炸的面食', '金黄色', '是长条形', '吃起来很脆'] }
	},
	{
		category: 'food',
		difficulty: 2,
		a: { word: '粽子', features: ['端午节吃', '是节日食品', '有馅', '用竹叶包着', '是糯米做的'] },
		b: { word: '月饼', features: ['中秋节吃', '是节日食品', '有馅', '是圆形的', '表面有花纹'] }
	},
	{
		category: 'food',
		difficulty: 3,
		a: { word: '火锅', features: ['大家围在一起吃', '很辣很烫', '在锅里煮各种菜', '有锅底'] },
		b: { word: '麻辣烫', features: ['一个人也能吃', '很辣很烫', '在锅里煮各种菜', '是街边小吃', '按菜称重'] }
	},
	{
		category: 'food',
		difficulty: 3,
		a: { word: '薯条', features: ['是长条状', '是土豆做的', '是零食', '咸咸的', '配番茄酱吃'] },
		b: { word: '薯片', features: ['是薄片状', '是土豆做的', '是零食', '咸咸的', '装在袋子里', '很脆'] }
	},
	{
		category: 'food',
		difficulty: 3,
		a: { word: '鸡蛋', features: ['是最常见的', '是禽类下的', '可以煮着吃', '常用来炒西红柿'] },
		b: { word: '鸭蛋', features: ['常腌成咸的', '是禽类下的', '可以煮着吃', '蛋黄会流油'] }
	},
	{
		category: 'food',
		difficulty: 2,
		a: { word: '蛋糕', features: ['过生日时吃', '是烤出来的', '松软', '用面粉做', '上面有奶油'] },
		b: { word: '面包', features: ['是早餐常吃的', '是烤出来的', '松软', '用面粉做', '可以切片夹东西'] }
	},
	{
		category: 'food',
		difficulty: 3,
		a: { word: '冰淇淋', features: ['装在蛋筒里', '冰冰凉凉的', '是夏天的最爱', '很甜', '用勺子挖着吃'] },
		b: { word: '雪糕', features: ['有一根木棍', '冰冰凉凉的', '是夏天的最爱', '很甜', '是冻硬的'] }
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: '辣椒',
			features: ['吃起来很辣', '是调料', '是川菜常用的', '味道很刺激', '是红色或绿色的', '长长尖尖']
		},
		b: { word: '花椒', features: ['吃起来发麻', '是调料', '是川菜常用的', '味道很刺激', '是一颗颗小粒'] }
	},
	{
		category: 'food',
		difficulty: 2,
		a: { word: '酱油', features: ['味道咸鲜', '是液体调料', '颜色很深', '装在瓶子里', '用黄豆酿造'] },
		b: {
			word: '醋',
			features: ['味道酸', '是液体调料', '颜色很深', '装在瓶子里', '吃饺子时常蘸', '山西的最有名']
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: { word: '土豆', features: ['能切丝炒菜', '长在土里', '可以烤着吃', '外皮是黄褐色'] },
		b: {
			word: '红薯',
			features: ['里面是橙红色的', '长在土里', '可以烤着吃', '吃起来甜甜的', '冬天街边烤着卖']
		}
	},
	// drink
	{
		category: 'drink',
		difficulty: 3,
		a: { word: '牛奶', features: ['来自奶牛', '是白色的', '常在早餐时喝', '有营养', '可以做成奶酪'] },
		b: { word: '豆浆', features: ['是黄豆磨的', '是白色的', '常在早餐时喝', '有营养', '常配油条'] }
	},
	{
		category: 'drink',
		difficulty: 2,
		a: { word: '咖啡', features: ['是豆子磨的', '是热饮', '能提神', '有点苦', '常加奶和糖', '来自西方'] },
		b: { word: '茶', features: ['是树叶泡的', '是热饮', '能提神', '有点苦', '中国人喝了几千年', '用壶来泡'] }
	},
	{
		category: 'drink',
		difficulty: 2,
		a: { word: '汽水', features: ['有很多气泡', '是甜饮料', '冰的更好喝', '装在瓶子里', '打开会嘶嘶响'] },
		b: { word: '果汁', features: ['是水果榨的', '是甜饮料', '冰的更好喝', '装在瓶子里', '有维生素'] }
	},
	{
		category: 'drink',
		difficulty: 3,
		a: { word: '绿茶', features: ['颜色清淡发绿', '用热水泡', '有淡淡的清香', '没有发酵'] },
		b: { word: '红茶', features: ['颜色红亮', '用热水泡', '有淡淡的清香', '是发酵过的', '常加奶'] }
	},
	{
		category: 'drink',
		difficulty: 2,
		a: { word: '奶茶', features: ['有茶的味道', '是加奶的饮料', '很甜', '用吸管喝', '常加珍珠'] },
		b: { word: '奶昔', features: ['是冰淇淋打成的', '是加奶的饮料', '很甜', '用吸管喝', '很浓稠'] }
	},
	{
		category: 'drink',
		difficulty: 3,
		a: { word: '矿泉水', features: ['来自山里的泉水', '透明无色', '装在塑料瓶里', '是常喝的', '含矿物质'] },
		b: { word: '纯净水', features: ['经过过滤处理', '透明无色', '装在塑料瓶里', '是常喝的', '不含杂质'] }
	},
	{
		category: 'drink',
		difficulty: 1,
		a: { word: '酸奶', features: ['是发酵的牛奶', '酸酸甜甜', '冰镇后更好喝', '很浓稠', '用勺子吃'] },
		b: { word: '酸梅汤', features: ['是乌梅煮的', '酸酸甜甜', '冰镇后更好喝', '深红褐色', '夏天解暑'] }
	},
	{
		category: 'drink',
		difficulty: 2,
		a: {
			word: '椰汁',
			features: ['来自热带水果', '是白色的植物饮料', '甜甜的', '装在罐子里', '海南的很有名']
		},
		b: { word: '杏仁露', features: ['是果仁磨的', '是白色的植物饮料', '甜甜的', '装在罐子里', '北方常见'] }
	},
	{
		category: 'drink',
		difficulty: 2,
		a: { word: '柠檬水', features: ['很酸', '常用温水冲', '有益健康', '里面有黄色切片'] },
		b: { word: '蜂蜜水', features: ['很甜', '常用温水冲', '有益健康', '有花香', '能润喉'] }
	},
	{
		category: 'drink',
		difficulty: 3,
		a: { word: '拿铁', features: ['牛奶比较多', '是意式咖啡', '有奶泡', '在咖啡馆卖', '常有拉花'] },
		b: { word: '卡布奇诺', features: ['奶泡很厚', '是意式咖啡', '有奶泡', '在咖啡馆卖', '常撒可可粉'] }
	},
	{
		category: 'drink',
		difficulty: 3,
		a: { word: '菊花茶', features: ['是花朵泡的', '是泡水喝的', '不含茶叶', '颜色黄黄的', '能清火'] },
		b: {
			word: '大麦茶',
			features: ['是谷物炒的', '是泡水喝的', '不含茶叶', '颜色黄黄的', '有焦香', '韩国餐厅常送']
		}
	},
	// animal
	{
		category: 'animal',
		difficulty: 2,
		a: { word: '蝴蝶', features: ['翅膀五颜六色', '是昆虫', '喜欢在花丛里飞', '有翅膀', '是毛毛虫变的'] },
		b: { word: '蜜蜂', features: ['会酿蜜', '是昆虫', '喜欢在花丛里飞', '有翅膀', '嗡嗡叫', '住在蜂巢里'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: { word: '猫', features: ['会抓老鼠', '是常见宠物', '有四条腿', '有尾巴', '爱干净常舔毛', '会喵喵叫'] },
		b: { word: '狗', features: ['会看家', '是常见宠物', '有四条腿', '有尾巴', '汪汪叫', '要牵着绳子遛'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: '老虎',
			features: ['身上有黑色条纹', '是大型猛兽', '吃肉', '有锋利的爪子', '额头有王字', '是山林之王']
		},
		b: {
			word: '狮子',
			features: ['雄的有鬃毛', '是大型猛兽', '吃肉', '有锋利的爪子', '生活在草原', '被称为草原之王']
		}
	},
	{
		category: 'animal',
		difficulty: 3,
		a: { word: '鸭子', features: ['嘎嘎叫', '会游泳', '脚上有蹼', '是家禽', '嘴扁扁的', '个头小一点'] },
		b: { word: '鹅', features: ['脖子很长', '会游泳', '脚上有蹼', '是家禽', '会追着人啄', '叫声响亮'] }
	},
	{
		category: 'animal',
		difficulty: 3,
		a: { word: '马', features: ['跑得很快', '有蹄子', '能驮东西', '吃草', '有漂亮的鬃毛', '能参加比赛'] },
		b: { word: '驴', features: ['耳朵很长', '有蹄子', '能驮东西', '吃草', '常拉磨', '脾气倔'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: { word: '海豚', features: ['是哺乳动物', '生活在海里', '有背鳍', '游得很快', '很聪明', '会表演'] },
		b: { word: '鲨鱼', features: ['牙齿很锋利', '生活在海里', '有背鳍', '游得很快', '让游泳的人害怕'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: '兔子',
			features: ['耳朵长长的', '毛茸茸的', '是小宠物', '门牙很长', '蹦蹦跳跳', '爱吃胡萝卜']
		},
		b: {
			word: '仓鼠',
			features: ['腮帮子能存食物', '毛茸茸的', '是小宠物', '门牙很长', '在跑轮上跑', '个头很小']
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: { word: '老鹰', features: ['白天捕猎', '是猛禽', '爪子锋利', '视力很好', '在高空盘旋'] },
		b: {
			word: '猫头鹰',
			features: ['夜里出来活动', '是猛禽', '爪子锋利', '视力很好', '头能转很大角度', '眼睛又大又圆']
		}
	},
	{
		category: 'animal',
		difficulty: 3,
		a: {
			word: '青蛙',
			features: ['皮肤光滑', '是两栖动物', '吃虫子', '小时候是蝌蚪', '跳得很远', '是绿色的']
		},
		b: { word: '蟾蜍', features: ['皮肤疙疙瘩瘩', '是两栖动物', '吃虫子', '小时候是蝌蚪', '爬得慢'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: { word: '牛', features: ['个头很大', '生活在农场', '吃草', '会反刍', '哞哞叫', '能耕地'] },
		b: { word: '羊', features: ['身上有卷毛', '生活在农场', '吃草', '会反刍', '咩咩叫', '毛可以织毛衣'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: '猴子',
			features: ['尾巴长长的', '是灵长类', '手很灵活', '很聪明', '在树上荡来荡去', '爱吃香蕉']
		},
		b: { word: '猩猩', features: ['个头很大', '是灵长类', '手很灵活', '很聪明', '会捶胸', '没有尾巴'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: '企鹅',
			features: [
				'是不会飞的鸟',
				'生活在寒冷的地方',
				'会游泳抓鱼',
				'在冰上活动',
				'走路摇摇摆摆',
				'像穿着燕尾服'
			]
		},
		b: {
			word: '海豹',
			features: ['是哺乳动物', '生活在寒冷的地方', '会游泳抓鱼', '在冰上活动', '有鳍状肢', '在冰上爬行']
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: { word: '蛇', features: ['没有腿', '是爬行动物', '身上有鳞片', '喜欢晒太阳', '吐信子', '会蜕皮'] },
		b: { word: '蜥蜴', features: ['有四条腿', '是爬行动物', '身上有鳞片', '喜欢晒太阳', '遇险会断尾'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: { word: '老鼠', features: ['常偷吃粮食', '是啮齿动物', '尾巴长', '个头小', '吱吱叫', '怕猫'] },
		b: { word: '松鼠', features: ['尾巴毛茸茸的', '是啮齿动物', '尾巴长', '个头小', '住在树上', '爱吃松果'] }
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: '大象',
			features: ['鼻子很长', '体型巨大', '皮很厚', '生活在非洲', '耳朵像扇子', '有长长的牙']
		},
		b: { word: '犀牛', features: ['鼻子上有角', '体型巨大', '皮很厚', '生活在非洲', '发怒时会冲撞'] }
	},
	{
		category: 'animal',
		difficulty: 1,
		a: { word: '斑马', features: ['身上黑白条纹', '生活在草原', '吃植物', '有蹄子', '长得像小马'] },
		b: {
			word: '长颈鹿',
			features: ['脖子很长', '生活在草原', '吃植物', '有蹄子', '是最高的动物', '吃树梢的叶子']
		}
	},
	{
		category: 'animal',
		difficulty: 3,
		a: {
			word: '狼',
			features: ['对着月亮嚎叫', '生活在野外', '尾巴蓬松', '是犬科动物', '成群结队', '是灰色的']
		},
		b: {
			word: '狐狸',
			features: ['毛是红棕色的', '生活在野外', '尾巴蓬松', '是犬科动物', '很狡猾', '常出现在童话里']
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: '蜗牛',
			features: ['身体软软的', '背着壳', '爬得很慢', '遇到危险会缩进去', '有触角', '爬过会留下黏液']
		},
		b: { word: '乌龟', features: ['寿命很长', '背着壳', '爬得很慢', '遇到危险会缩进去', '会游泳'] }
	},
	{
		category: 'animal',
		difficulty: 3,
		a: { word: '蚊子', features: ['会吸血', '是讨人厌的小虫', '嗡嗡地飞', '夏天很多', '叮人起包'] },
		b: {
			word: '苍蝇',
			features: ['停在食物上', '是讨人厌的小虫', '嗡嗡地飞', '夏天很多', '爱搓手', '有一对大复眼']
		}
	},
	// household
	{
		category: 'household',
		difficulty: 3,
		a: { word: '枕头', features: ['睡觉时垫在头下', '软软的', '里面有填充物', '有布套', '放在床上'] },
		b: { word: '靠垫', features: ['放在沙发上', '软软的', '里面有填充物', '有布套', '靠在背后'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '沙发', features: ['软软的很舒服', '是用来坐的', '是家具', '能坐好几个人', '可以躺着'] },
		b: { word: '椅子', features: ['一次坐一个人', '是用来坐的', '是家具', '有四条腿'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '筷子', features: ['成双成对', '是餐具', '吃饭时用', '是两根细棍', '中国人用得最多'] },
		b: { word: '勺子', features: ['能舀汤', '是餐具', '吃饭时用', '头部是小碗形'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '杯子', features: ['用来喝水', '是容器', '常是陶瓷做的', '放在厨房', '常有把手'] },
		b: { word: '碗', features: ['用来盛饭', '是容器', '常是陶瓷做的', '放在厨房', '口大底小'] }
	},
	{
		category: 'household',
		difficulty: 3,
		a: { word: '扫帚', features: ['扫灰尘', '有长长的柄', '用来打扫地面', '常配簸箕'] },
		b: { word: '拖把', features: ['要沾水用', '有长长的柄', '用来打扫地面', '头部是一团布条'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '台灯', features: ['要插电', '能照明', '常放在桌上', '有灯罩', '有开关'] },
		b: { word: '蜡烛', features: ['有灯芯', '能照明', '常放在桌上', '会慢慢融化', '生日时要吹灭'] }
	},
	{
		category: 'household',
		difficulty: 3,
		a: { word: '窗帘', features: ['是布做的', '挂在窗户上', '能挡阳光', '可以拉开合上'] },
		b: { word: '百叶窗', features: ['有一条条叶片', '挂在窗户上', '能挡阳光', '可以调节角度'] }
	},
	{
		category: 'household',
		difficulty: 3,
		a: { word: '冰箱', features: ['门是竖着开的', '能冷藏食物', '是电器', '放在厨房', '里面有灯'] },
		b: {
			word: '冰柜',
			features: ['盖子向上掀开', '能冷藏食物', '是电器', '放在厨房', '温度更低', '常在超市用']
		}
	},
	{
		category: 'household',
		difficulty: 3,
		a: { word: '被子', features: ['里面有棉花', '能盖在身上保暖', '是床上用品', '很厚', '冬天盖'] },
		b: { word: '毯子', features: ['比较薄', '能盖在身上保暖', '是床上用品', '可以披在肩上', '是毛绒的'] }
	},
	{
		category: 'household',
		difficulty: 3,
		a: { word: '毛巾', features: ['小小一条', '能擦干身体', '挂在浴室里', '是棉做的', '常用来洗脸'] },
		b: { word: '浴巾', features: ['很大一块', '能擦干身体', '挂在浴室里', '是棉做的', '洗澡后裹在身上'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '电视', features: ['放在客厅', '有屏幕', '要插电', '能看视频', '用遥控器换台'] },
		b: { word: '电脑', features: ['有键盘', '有屏幕', '要插电', '能看视频', '能上网办公'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '镜子', features: ['能照出人影', '是平平的', '容易碎', '擦干净很亮', '挂在卫生间'] },
		b: { word: '玻璃', features: ['是透明的', '是平平的', '容易碎', '擦干净很亮', '装在窗户上'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '钟', features: ['挂在墙上', '能看时间', '有指针', '会滴答响', '整点会响'] },
		b: { word: '手表', features: ['戴在手腕上', '能看时间', '有指针', '会滴答响', '很小巧'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '钥匙', features: ['能插进孔里转动', '是金属做的', '保护家的安全', '常挂在腰间', '容易弄丢'] },
		b: { word: '锁', features: ['装在门上', '是金属做的', '保护家的安全', '有一个小孔'] }
	},
	{
		category: 'household',
		difficulty: 1,
		a: { word: '牙刷', features: ['用来清洁牙齿', '每天早上都用', '放在卫生间', '配牙膏用'] },
		b: { word: '梳子', features: ['有一排齿', '每天早上都用', '放在卫生间', '用来整理头发'] }
	},
	{
		category: 'household',
		difficulty: 3,
		a: { word: '水壶', features: ['能烧开水', '有壶嘴', '有把手', '装热水', '水开会响'] },
		b: { word: '茶壶', features: ['是陶瓷的', '有壶嘴', '有把手', '装热水', '用来泡茶叶', '摆在茶盘上'] }
	},
	{
		category: 'household',
		difficulty: 2,
		a: { word: '衣架', features: ['是三角形的', '用来挂东西', '常在衣柜里', '撑起衣服'] },
		b: { word: '挂钩', features: ['钉在墙上', '用来挂东西', '常在衣柜里', '是弯弯的'] }
	},
	// profession
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: '医生',
			features: ['负责看病开药', '在医院工作', '照顾病人', '穿白大褂', '要读很多年书', '会做手术']
		},
		b: {
			word: '护士',
			features: ['负责打针', '在医院工作', '照顾病人', '穿白大褂', '常在病房巡视', '被称为白衣天使']
		}
	},
	{
		category: 'profession',
		difficulty: 3,
		a: { word: '保安', features: ['守在大门口', '身强力壮', '负责安全', '巡逻小区', '有门卫室'] },
		b: { word: '保镖', features: ['跟在老板身边', '身强力壮', '负责安全', '常戴墨镜', '贴身保护'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '老师', features: ['在教室上课', '教别人本领', '会布置练习', '批改作业', '站在讲台上'] },
		b: { word: '教练', features: ['在操场或场馆', '教别人本领', '会布置练习', '吹哨子', '带运动员训练'] }
	},
	{
		category: 'profession',
		difficulty: 3,
		a: { word: '厨师', features: ['会炒菜', '在厨房工作', '戴白帽子', '做吃的', '在饭店后厨', '负责掌勺'] },
		b: {
			word: '面包师',
			features: ['天不亮就起来干活', '在厨房工作', '戴白帽子', '做吃的', '用烤箱', '和面发面']
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '飞行员', features: ['驾驶飞机', '穿制服', '在天上工作', '要经过严格训练', '坐在驾驶舱'] },
		b: {
			word: '宇航员',
			features: ['去太空', '穿制服', '在天上工作', '要经过严格训练', '穿厚重的太空服', '在失重中漂浮']
		}
	},
	{
		category: 'profession',
		difficulty: 3,
		a: { word: '农民', features: ['种庄稼', '种植物', '在户外劳动', '用锄头', '开拖拉机', '看天吃饭'] },
		b: { word: '园丁', features: ['修剪花草', '种植物', '在户外劳动', '用锄头', '照顾花园'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '画家', features: ['用画笔和颜料', '是艺术家', '作品在美术馆展出', '在画布上创作'] },
		b: { word: '雕塑家', features: ['雕刻石头或木头', '是艺术家', '作品在美术馆展出', '做立体作品'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: '歌手',
			features: ['靠嗓子吃饭', '常上电视', '在舞台上表演', '有很多粉丝', '拿着麦克风', '会开演唱会']
		},
		b: {
			word: '演员',
			features: ['背台词', '常上电视', '在舞台上表演', '有很多粉丝', '扮演各种角色', '拍电影']
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '牙医', features: ['看牙齿', '要考医学执照', '给病人看病', '让你张大嘴', '用小钻头'] },
		b: { word: '兽医', features: ['给动物看病', '要考医学执照', '给病人看病', '病人不会说话'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '理发师', features: ['剪头发', '在店里工作', '让人变漂亮', '常用镜子', '用推子和剪刀'] },
		b: { word: '美容师', features: ['护理皮肤', '在店里工作', '让人变漂亮', '常用镜子', '做面膜'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '服务员', features: ['在餐厅工作', '服务顾客', '常站着工作', '端菜倒水', '帮客人点菜'] },
		b: { word: '收银员', features: ['站在柜台后', '服务顾客', '常站着工作', '扫商品条码', '找零钱'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '消防员', features: ['灭火', '负责救人', '身体很强壮', '随时待命', '开红色的车', '爬云梯'] },
		b: {
			word: '救生员',
			features: ['在泳池或海边', '负责救人', '身体很强壮', '随时待命', '盯着游泳的人', '水性很好']
		}
	},
	{
		category: 'profession',
		difficulty: 3,
		a: { word: '快递员', features: ['送包裹', '骑电动车', '送东西上门', '总是很赶时间', '要你签收'] },
		b: { word: '外卖员', features: ['送饭菜', '骑电动车', '送东西上门', '总是很赶时间', '中午最忙'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '记者', features: ['写新闻稿', '常跑新闻现场', '为报社工作', '采访别人', '拿着话筒'] },
		b: { word: '摄影师', features: ['扛着相机', '常跑新闻现场', '为报社工作', '拍照片'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '科学家', features: ['在实验室研究', '善于解决问题', '常做实验', '发现自然规律'] },
		b: { word: '发明家', features: ['创造新东西', '善于解决问题', '常做实验', '申请专利'] }
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '司机', features: ['握着方向盘', '在交通工具上工作', '为乘客服务', '穿制服', '负责开车'] },
		b: {
			word: '乘务员',
			features: ['推着小车送饮料', '在交通工具上工作', '为乘客服务', '穿制服', '检查安全带']
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: { word: '魔术师', features: ['会变戏法', '在舞台上表演', '逗观众开心', '戴礼帽', '从帽子里变出兔子'] },
		b: {
			word: '小丑',
			features: ['画着大红鼻子', '在舞台上表演', '逗观众开心', '动作滑稽', '穿着夸张的衣服']
		}
	},
	// place
	{
		category: 'place',
		difficulty: 3,
		a: { word: '图书馆', features: ['借书是免费的', '有很多书架', '能看书', '要办借书证', '要保持安静'] },
		b: { word: '书店', features: ['书是要买的', '有很多书架', '能看书', '在收银台结账'] }
	},
	{
		category: 'place',
		difficulty: 3,
		a: { word: '医院', features: ['规模很大', '能看病', '有医生和护士', '有急诊', '能住院'] },
		b: { word: '诊所', features: ['规模很小', '能看病', '有医生和护士', '常在小区附近'] }
	},
	{
		category: 'place',
		difficulty: 3,
		a: { word: '公园', features: ['是公共的', '有花有草', '适合散步', '有树', '有长椅和游乐设施'] },
		b: { word: '花园', features: ['常在房子后面', '有花有草', '适合散步', '有树', '主人亲手打理'] }
	},
	{
		category: 'place',
		difficulty: 3,
		a: { word: '博物馆', features: ['展示历史文物', '有展品', '参观要安静', '常有讲解员', '有恐龙化石'] },
		b: { word: '美术馆', features: ['展示画作', '有展品', '参观要安静', '常有讲解员', '常办画展'] }
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: '电影院',
			features: ['有大银幕', '有一排排座位', '要买票进场', '开场前会关灯', '卖爆米花', '放映大片']
		},
		b: {
			word: '剧院',
			features: ['有真人在台上演', '有一排排座位', '要买票进场', '开场前会关灯', '有红色幕布']
		}
	},
	{
		category: 'place',
		difficulty: 3,
		a: { word: '超市', features: ['在室内', '能买蔬菜水果', '人很多', '有购物车', '统一在收银台付钱'] },
		b: { word: '菜市场', features: ['有很多摊位', '能买蔬菜水果', '人很多', '可以讲价', '早上最热闹'] }
	},
	{
		category: 'place',
		difficulty: 2,
		a: { word: '餐厅', features: ['供应正餐', '有桌椅', '有服务员', '能坐下吃东西', '可以订座'] },
		b: { word: '咖啡馆', features: ['适合看书聊天', '有桌椅', '有服务员', '能坐下吃东西', '卖蛋糕甜点'] }
	},
	{
		category: 'place',
		difficulty: 2,
		a: { word: '学校', features: ['是孩子们去的', '是学习的地方', '有老师和教室', '有课间铃声'] },
		b: {
			word: '大学',
			features: ['是成年人去的', '是学习的地方', '有老师和教室', '能拿学位', '有大教室上讲座']
		}
	},
	{
		category: 'place',
		difficulty: 2,
		a: { word: '动物园', features: ['有野生动物', '有很多动物', '适合全家去玩', '动物住在笼子里'] },
		b: { word: '农场', features: ['种庄稼', '有很多动物', '适合全家去玩', '养鸡养鸭'] }
	},
	{
		category: 'place',
		difficulty: 2,
		a: { word: '机场', features: ['有跑道', '有电子时刻表', '要安检', '有很多旅客', '看得到飞机起降'] },
		b: { word: '火车站', features: ['有站台', '有电子时刻表', '要安检', '有很多旅客', '有铁轨'] }
	},
	{
		category: 'place',
		difficulty: 3,
		a: { word: '宾馆', features: ['有前台和电梯', '能住一晚', '要办入住', '房间都一样'] },
		b: { word: '民宿', features: ['是当地人家开的', '能住一晚', '要办入住', '有家的感觉', '每间布置不同'] }
	},
	{
		category: 'place',
		difficulty: 2,
		a: {
			word: '健身房',
			features: ['有跑步机和哑铃', '是锻炼的地方', '有更衣室', '要办会员卡', '让人满身大汗']
		},
		b: { word: '游泳馆', features: ['有一池水', '是锻炼的地方', '有更衣室', '要办会员卡', '要戴泳帽'] }
	},
	{
		category: 'place',
		difficulty: 2,
		a: { word: '厨房', features: ['有炉灶', '有水龙头', '墙上贴瓷砖', '是家里的房间', '是做饭的地方'] },
		b: { word: '卫生间', features: ['有马桶', '有水龙头', '墙上贴瓷砖', '是家里的房间', '能洗澡'] }
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: '城堡',
			features: ['有高高的塔楼', '非常古老', '是国王住的', '很气派', '有厚厚的石墙', '周围有护城河']
		},
		b: { word: '宫殿', features: ['有金色的屋顶', '非常古老', '是国王住的', '很气派', '有很多大殿'] }
	},
	{
		category: 'place',
		difficulty: 2,
		a: { word: '海滩', features: ['在海边', '有很多沙子', '太阳很晒', '有浪花', '能游泳'] },
		b: { word: '沙漠', features: ['几乎不下雨', '有很多沙子', '太阳很晒', '有骆驼', '有仙人掌'] }
	},
	{
		category: 'place',
		difficulty: 2,
		a: { word: '银行', features: ['能存钱取钱', '要排队取号', '有柜台窗口', '门口有取款机'] },
		b: { word: '邮局', features: ['能寄信寄包裹', '要排队取号', '有柜台窗口', '招牌是绿色的'] }
	},
	// transport
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: '自行车',
			features: ['靠脚踩', '有两个轮子', '有车把', '在非机动车道骑', '不用充电', '很环保']
		},
		b: {
			word: '电动车',
			features: ['要充电', '有两个轮子', '有车把', '在非机动车道骑', '骑起来不累', '骑得更快']
		}
	},
	{
		category: 'transport',
		difficulty: 2,
		a: { word: '公交车', features: ['在马路上开', '载很多乘客', '有固定线路', '要刷卡', '会堵车'] },
		b: { word: '地铁', features: ['在地下跑', '载很多乘客', '有固定线路', '要刷卡', '不会堵车'] }
	},
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: '火车',
			features: ['速度比较慢', '在铁轨上跑', '有很多节车厢', '要在站台上车', '有卧铺', '老式的会冒烟']
		},
		b: {
			word: '高铁',
			features: ['速度很快', '在铁轨上跑', '有很多节车厢', '要在站台上车', '车头是流线型的', '很安静平稳']
		}
	},
	{
		category: 'transport',
		difficulty: 3,
		a: { word: '出租车', features: ['在路边招手拦', '按路程收费', '载客人去目的地', '是小汽车', '车顶有灯'] },
		b: {
			word: '网约车',
			features: ['用手机叫', '按路程收费', '载客人去目的地', '是小汽车', '可以提前看价格']
		}
	},
	{
		category: 'transport',
		difficulty: 2,
		a: { word: '轮船', features: ['很大', '在水上行驶', '有甲板', '靠发动机', '能横渡大洋'] },
		b: { word: '帆船', features: ['靠风力', '在水上行驶', '有甲板', '有桅杆', '比较小'] }
	},
	{
		category: 'transport',
		difficulty: 2,
		a: { word: '飞机', features: ['有一对大翅膀', '在天上飞', '由飞行员驾驶', '要长长的跑道', '飞得很远'] },
		b: {
			word: '直升机',
			features: ['头顶有旋翼', '在天上飞', '由飞行员驾驶', '能在空中悬停', '能在楼顶降落']
		}
	},
	{
		category: 'transport',
		difficulty: 3,
		a: { word: '滑板', features: ['没有把手', '有小轮子', '站在上面', '用脚蹬地', '能做花样动作'] },
		b: { word: '踏板车', features: ['有一根把手', '有小轮子', '站在上面', '用脚蹬地', '孩子很喜欢'] }
	},
	{
		category: 'transport',
		difficulty: 3,
		a: { word: '卡车', features: ['很大很重', '能拉货', '在公路上开', '有大货厢'] },
		b: { word: '面包车', features: ['有侧滑门', '能拉货', '在公路上开', '能坐七八个人'] }
	},
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: '电梯',
			features: ['是一个封闭的箱子', '在楼层之间运人', '商场里都有', '用电驱动', '有楼层按钮']
		},
		b: { word: '扶梯', features: ['是一级级台阶', '在楼层之间运人', '商场里都有', '用电驱动', '斜着往上走'] }
	},
	{
		category: 'transport',
		difficulty: 2,
		a: { word: '摩托车', features: ['有两个轮子', '在路上跑', '有车把', '声音很响', '要戴头盔'] },
		b: { word: '三轮车', features: ['有三个轮子', '在路上跑', '有车把', '后面能装货'] }
	},
	{
		category: 'transport',
		difficulty: 2,
		a: { word: '火箭', features: ['从地面发射升空', '在太空中', '是高科技', '尾部喷火'] },
		b: { word: '卫星', features: ['绕着地球转', '在太空中', '是高科技', '能传送信号'] }
	},
	{
		category: 'transport',
		difficulty: 3,
		a: { word: '马车', features: ['跑得比较快', '靠动物拉', '有木轮子', '是古代交通工具', '古代贵族坐'] },
		b: { word: '牛车', features: ['走得很慢', '靠动物拉', '有木轮子', '是古代交通工具', '常在农村拉货'] }
	},
	{
		category: 'transport',
		difficulty: 2,
		a: {
			word: '救护车',
			features: ['是白色的', '响着警笛', '遇到紧急情况出动', '别的车要让路', '送病人去医院']
		},
		b: {
			word: '消防车',
			features: ['是红色的', '响着警笛', '遇到紧急情况出动', '别的车要让路', '带着水枪和云梯']
		}
	},
	{
		category: 'transport',
		difficulty: 2,
		a: { word: '游艇', features: ['很豪华', '在水上行驶', '能载人', '私人拥有', '用来度假'] },
		b: { word: '渡轮', features: ['来回两岸之间', '在水上行驶', '能载人', '能运车', '按班次开'] }
	},
	// sport
	{
		category: 'sport',
		difficulty: 2,
		a: { word: '足球', features: ['用脚踢', '是球类运动', '分两队比赛', '有守门员', '在草地上踢'] },
		b: { word: '篮球', features: ['要往筐里投', '是球类运动', '分两队比赛', '可以用手运球'] }
	},
	{
		category: 'sport',
		difficulty: 3,
		a: { word: '乒乓球', features: ['在桌子上打', '用球拍打', '中间有网', '可以单打双打', '被称为国球'] },
		b: {
			word: '羽毛球',
			features: ['用一个带毛的球', '用球拍打', '中间有网', '可以单打双打', '怕风', '打起来要跳杀']
		}
	},
	{
		category: 'sport',
		difficulty: 2,
		a: { word: '排球', features: ['六个人一队', '中间有网', '是球类运动', '用手垫球'] },
		b: { word: '网球', features: ['用球拍', '中间有网', '是球类运动', '球是黄绿色的'] }
	},
	{
		category: 'sport',
		difficulty: 3,
		a: { word: '游泳', features: ['比谁游得快', '在泳池里进行', '要穿泳衣', '有自由泳蛙泳'] },
		b: { word: '跳水', features: ['从高台上往下', '在泳池里进行', '要穿泳衣', '在空中翻转', '比谁水花小'] }
	},
	{
		category: 'sport',
		difficulty: 3,
		a: { word: '滑雪', features: ['在雪山上', '在冬天进行', '要穿专门的鞋', '要用雪杖', '坐缆车上山'] },
		b: { word: '滑冰', features: ['在冰面上', '在冬天进行', '要穿专门的鞋', '鞋底有冰刀', '能转圈跳跃'] }
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: '跑步',
			features: ['双脚可以同时离地', '是田径项目', '靠两条腿', '比谁先到终点', '是最常见的锻炼']
		},
		b: {
			word: '竞走',
			features: ['必须有一只脚着地', '是田径项目', '靠两条腿', '比谁先到终点', '姿势扭来扭去']
		}
	},
	{
		category: 'sport',
		difficulty: 2,
		a: {
			word: '高尔夫',
			features: ['在大草坪上打', '要把球打进洞里', '要瞄准', '很安静优雅', '挥着球杆', '有十八个洞']
		},
		b: { word: '台球', features: ['在桌子上打', '要把球打进洞里', '要瞄准', '很安静优雅', '用长杆推'] }
	},
	{
		category: 'sport',
		difficulty: 2,
		a: { word: '太极拳', features: ['公园里老人常打', '动作很慢', '讲究呼吸', '能强身健体', '是中国传统的'] },
		b: { word: '瑜伽', features: ['在垫子上做', '动作很慢', '讲究呼吸', '能强身健体', '有很多拉伸姿势'] }
	},
	{
		category: 'sport',
		difficulty: 2,
		a: { word: '射箭', features: ['用弓', '要对准靶心', '比谁得分高', '在户外射'] },
		b: { word: '飞镖', features: ['用手投掷', '要对准靶心', '比谁得分高', '靶子挂在墙上'] }
	},
	{
		category: 'sport',
		difficulty: 2,
		a: { word: '跳绳', features: ['要甩一根绳子', '是课间常玩的', '要蹦蹦跳跳', '可以多人一起跳'] },
		b: { word: '踢毽子', features: ['用脚踢', '是课间常玩的', '要蹦蹦跳跳', '有彩色的羽毛'] }
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: '马拉松',
			features: ['全程四十多公里', '是田径比赛', '比谁最快', '考验耐力', '在城市街道上跑']
		},
		b: { word: '短跑', features: ['距离很短', '是田径比赛', '比谁最快', '比爆发力', '在跑道上'] }
	},
	{
		category: 'sport',
		difficulty: 3,
		a: { word: '棒球', features: ['有四个垒', '用球棒击球', '场地很大', '有投手', '在美国日本很流行'] },
		b: {
			word: '板球',
			features: ['有三柱门', '用球棒击球', '场地很大', '有投手', '在英国印度很流行', '比赛能打好几天']
		}
	},
	{
		category: 'sport',
		difficulty: 1,
		a: { word: '举重', features: ['一个人上场', '比力气', '要用尽全力', '把杠铃举过头'] },
		b: { word: '拔河', features: ['两队人比赛', '比力气', '要用尽全力', '拉一根粗绳子'] }
	},
	// nature
	{
		category: 'nature',
		difficulty: 2,
		a: { word: '雨', features: ['是液态的', '从云里落下', '是天气现象', '和水有关', '会打湿衣服', '要打伞'] },
		b: { word: '雪', features: ['是白色的', '从云里落下', '是天气现象', '和水有关', '很冷', '可以堆成人形'] }
	},
	{
		category: 'nature',
		difficulty: 2,
		a: { word: '太阳', features: ['白天出现', '挂在天上', '是圆的', '很热很刺眼'] },
		b: { word: '月亮', features: ['晚上出现', '挂在天上', '是圆的', '有圆缺变化', '中秋节最圆'] }
	},
	{
		category: 'nature',
		difficulty: 2,
		a: { word: '河', features: ['一直流向大海', '是淡水', '里面有鱼', '有两岸'] },
		b: { word: '湖', features: ['四周被陆地包围', '是淡水', '里面有鱼', '水面很平静'] }
	},
	{
		category: 'nature',
		difficulty: 3,
		a: { word: '山', features: ['又高又陡', '比平地高', '可以爬', '有峰顶'] },
		b: { word: '丘陵', features: ['起伏平缓', '比平地高', '可以爬', '一座连一座', '不太高'] }
	},
	{
		category: 'nature',
		difficulty: 2,
		a: { word: '森林', features: ['树木茂密', '有很多动物', '面积很大', '是大自然', '光线很暗'] },
		b: { word: '草原', features: ['一望无际的草', '有很多动物', '面积很大', '是大自然', '适合放牧'] }
	},
	{
		category: 'nature',
		difficulty: 3,
		a: { word: '云', features: ['飘在天上', '是小水滴组成的', '白茫茫的', '形状千变万化'] },
		b: { word: '雾', features: ['贴着地面', '是小水滴组成的', '白茫茫的', '让人看不清路', '早晨常见'] }
	},
	{
		category: 'nature',
		difficulty: 3,
		a: { word: '打雷', features: ['声音轰隆隆', '下暴雨时出现', '让人害怕', '总是后到'] },
		b: { word: '闪电', features: ['一道亮光', '下暴雨时出现', '让人害怕', '弯弯曲曲', '总是先到'] }
	},
	{
		category: 'nature',
		difficulty: 3,
		a: { word: '玫瑰', features: ['代表爱情', '是花', '茎上有刺', '有很多颜色', '常被当作礼物'] },
		b: { word: '月季', features: ['几乎月月开花', '是花', '茎上有刺', '有很多颜色', '常种在路边'] }
	},
	{
		category: 'nature',
		difficulty: 2,
		a: { word: '向日葵', features: ['总是朝着太阳', '花是黄色的', '有很多花瓣', '长得很高', '种子能吃'] },
		b: { word: '菊花', features: ['秋天开放', '花是黄色的', '有很多花瓣', '重阳节赏', '可以泡水喝'] }
	},
	{
		category: 'nature',
		difficulty: 2,
		a: { word: '火山', features: ['会喷发岩浆', '和地下的热量有关', '会冒热气', '顶上有个大口子'] },
		b: { word: '温泉', features: ['能泡澡', '和地下的热量有关', '会冒热气', '对皮肤好'] }
	},
	{
		category: 'nature',
		difficulty: 3,
		a: { word: '海岛', features: ['四面都是水', '靠近大海', '海岸线很长', '要坐船去'] },
		b: { word: '半岛', features: ['三面环水', '靠近大海', '海岸线很长', '一面连着大陆'] }
	},
	{
		category: 'nature',
		difficulty: 2,
		a: { word: '彩虹', features: ['是弯弯的拱形', '五颜六色', '出现在天上', '很难得一见', '常在雨后出现'] },
		b: { word: '极光', features: ['在极地夜空出现', '五颜六色', '出现在天上', '很难得一见', '像飘动的光带'] }
	},
	{
		category: 'nature',
		difficulty: 1,
		a: { word: '星星', features: ['挂在天上', '夜里一闪一闪的', '会发光', '离我们很远'] },
		b: { word: '萤火虫', features: ['是一种昆虫', '夜里一闪一闪的', '会发光', '在草丛里飞', '夏天才有'] }
	},
	{
		category: 'nature',
		difficulty: 2,
		a: { word: '瀑布', features: ['从悬崖上流下', '有水从高处落下', '很好看', '哗哗响', '是天然的'] },
		b: {
			word: '喷泉',
			features: ['在广场或公园里', '有水从高处落下', '很好看', '哗哗响', '是人造的', '水往上喷']
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: { word: '露水', features: ['是小水珠', '清晨出现', '附在草叶上', '是水汽凝结成的', '夏秋常见'] },
		b: { word: '霜', features: ['是白色的冰晶', '清晨出现', '附在草叶上', '是水汽凝结成的', '天冷时才有'] }
	},
	// music
	{
		category: 'music',
		difficulty: 2,
		a: { word: '吉他', features: ['用手指拨', '有琴弦', '是木头做的', '是乐器', '有品丝', '适合边弹边唱'] },
		b: {
			word: '小提琴',
			features: ['用弓拉', '有琴弦', '是木头做的', '是乐器', '夹在下巴下', '在交响乐团里']
		}
	},
	{
		category: 'music',
		difficulty: 3,
		a: { word: '钢琴', features: ['又大又重', '有黑白琴键', '用双手弹', '靠敲击琴弦发声'] },
		b: { word: '电子琴', features: ['要插电', '有黑白琴键', '用双手弹', '轻便能带走', '能模仿各种音色'] }
	},
	{
		category: 'music',
		difficulty: 2,
		a: { word: '二胡', features: ['只有两根弦', '是民族乐器', '有弦', '用弓拉', '声音哀婉'] },
		b: { word: '琵琶', features: ['抱在怀里弹', '是民族乐器', '有弦', '形状像半个梨'] }
	},
	{
		category: 'music',
		difficulty: 3,
		a: { word: '笛子', features: ['横着吹', '是竹子做的', '用嘴吹', '有一排孔', '声音清脆明亮', '有笛膜'] },
		b: { word: '箫', features: ['竖着吹', '是竹子做的', '用嘴吹', '有一排孔', '声音低沉悠远'] }
	},
	{
		category: 'music',
		difficulty: 2,
		a: { word: '鼓', features: ['蒙着一层皮', '用槌子敲', '声音很响', '舞狮时会用', '能打节奏'] },
		b: { word: '锣', features: ['是铜做的', '用槌子敲', '声音很响', '舞狮时会用', '圆圆的盘子形'] }
	},
	{
		category: 'music',
		difficulty: 3,
		a: {
			word: '小号',
			features: ['有三个按键', '是铜管乐器', '靠嘴唇振动吹响', '声音响亮', '声音明亮', '个头小']
		},
		b: {
			word: '长号',
			features: ['有一根滑管', '是铜管乐器', '靠嘴唇振动吹响', '声音响亮', '声音低沉', '吹时要前后拉']
		}
	},
	{
		category: 'music',
		difficulty: 2,
		a: { word: '唢呐', features: ['声音特别响亮', '是民族吹奏乐器', '有几个按孔', '婚礼上常吹'] },
		b: { word: '葫芦丝', features: ['声音柔美', '是民族吹奏乐器', '有几个按孔', '是云南傣族的乐器'] }
	},
	{
		category: 'music',
		difficulty: 3,
		a: { word: '合唱', features: ['很多人一起', '用嗓子表演', '在舞台上', '分声部', '有指挥'] },
		b: { word: '独唱', features: ['一个人表演', '用嗓子表演', '在舞台上', '站在中间'] }
	},
	{
		category: 'music',
		difficulty: 2,
		a: { word: '话筒', features: ['拿在嘴边', '演出时用', '要接电', '和声音有关', '收集声音'] },
		b: { word: '音箱', features: ['把声音放大出来', '演出时用', '要接电', '和声音有关', '放在舞台两侧'] }
	},
	{
		category: 'music',
		difficulty: 2,
		a: { word: '摇篮曲', features: ['很轻柔', '是唱给孩子听的', '旋律简单', '哄宝宝睡觉'] },
		b: { word: '儿歌', features: ['很欢快', '是唱给孩子听的', '旋律简单', '在幼儿园里唱'] }
	},
	{
		category: 'music',
		difficulty: 2,
		a: { word: '口琴', features: ['小小的能装口袋', '里面有簧片', '靠空气发声', '是西洋乐器', '用嘴吹'] },
		b: {
			word: '手风琴',
			features: ['用双手拉开合上', '里面有簧片', '靠空气发声', '是西洋乐器', '挂在胸前', '有键盘']
		}
	},
	{
		category: 'music',
		difficulty: 3,
		a: {
			word: '演唱会',
			features: ['流行歌手唱', '要买票', '在大场馆举行', '有很多观众', '观众挥荧光棒', '很热闹']
		},
		b: {
			word: '音乐会',
			features: ['常演奏古典乐', '要买票', '在大场馆举行', '有很多观众', '观众很安静', '有乐团']
		}
	},
	// clothing
	{
		category: 'clothing',
		difficulty: 2,
		a: { word: '衬衫', features: ['有领子', '穿在上身', '有长袖', '前面一排扣子', '上班常穿'] },
		b: { word: '卫衣', features: ['是套头穿的', '穿在上身', '有长袖', '常连着兜帽', '很休闲'] }
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: { word: '毛衣', features: ['是毛线织的', '能保暖', '穿在外面', '有长袖', '套头穿'] },
		b: { word: '外套', features: ['有拉链或扣子', '能保暖', '穿在外面', '有长袖', '有口袋'] }
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: { word: '围巾', features: ['绕在脖子上', '是一块长布', '冬天戴着暖和', '很柔软', '细细长长'] },
		b: {
			word: '披肩',
			features: ['披在肩膀上', '是一块长布', '冬天戴着暖和', '很柔软', '比较宽大', '显得优雅']
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: { word: '手套', features: ['戴在手上', '是成双的', '常是毛线或棉的', '冬天保暖', '有五个指头'] },
		b: { word: '袜子', features: ['穿在脚上', '是成双的', '常是毛线或棉的', '冬天保暖', '穿在鞋里面'] }
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: { word: '靴子', features: ['鞋筒很高', '穿在脚上', '有鞋带', '下雨下雪穿'] },
		b: { word: '运动鞋', features: ['很轻便', '穿在脚上', '有鞋带', '跑步时穿'] }
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: { word: '拖鞋', features: ['在家里穿', '露脚趾', '夏天穿', '很舒服', '走路啪嗒响'] },
		b: { word: '凉鞋', features: ['有带子固定', '露脚趾', '夏天穿', '很舒服', '能穿出门'] }
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: { word: '裙子', features: ['只遮下半身', '常是女生穿的', '下摆飘飘的', '夏天常穿', '要配上衣'] },
		b: { word: '连衣裙', features: ['上下连在一起', '常是女生穿的', '下摆飘飘的', '夏天常穿', '穿一件就够'] }
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: { word: '帽子', features: ['能遮阳', '戴在头上', '能保护头部', '有各种款式'] },
		b: { word: '头盔', features: ['很硬', '戴在头上', '能保护头部', '骑车时戴', '有扣带'] }
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: { word: '领带', features: ['系在脖子上', '是长条形的', '是配饰', '常和西装一起', '要打个结'] },
		b: {
			word: '腰带',
			features: ['系在腰上', '是长条形的', '是配饰', '常和西装一起', '有扣环', '能让裤子不掉']
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: { word: '牛仔裤', features: ['是蓝色粗布做的', '穿在腿上', '有口袋', '很耐磨', '裤腿很长'] },
		b: { word: '短裤', features: ['只到膝盖上面', '穿在腿上', '有口袋', '夏天穿'] }
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: { word: '项链', features: ['戴在脖子上', '是首饰', '有搭扣', '可以串珠子', '常挂个吊坠'] },
		b: { word: '手链', features: ['戴在手腕上', '是首饰', '有搭扣', '可以串珠子', '晃起来叮当响'] }
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: { word: '雨伞', features: ['防雨用', '能撑开', '举在头顶', '能折叠', '常是黑色的'] },
		b: { word: '遮阳伞', features: ['挡太阳', '能撑开', '举在头顶', '能折叠', '颜色很鲜艳', '海边常见'] }
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: { word: '雨衣', features: ['防水的', '穿在最外面', '能挡风', '下雨时穿', '塑料做的'] },
		b: { word: '风衣', features: ['很有型', '穿在最外面', '能挡风', '腰上系带', '春秋穿'] }
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: { word: '睡衣', features: ['睡觉时穿', '在家里穿', '很宽松舒服', '是棉做的', '分上衣和裤子'] },
		b: { word: '浴袍', features: ['洗澡后披上', '在家里穿', '很宽松舒服', '是棉做的', '腰上系带子'] }
	},
	// school
	{
		category: 'school',
		difficulty: 3,
		a: { word: '钢笔', features: ['要灌墨水', '用来写字', '常放在笔袋里', '写的字擦不掉'] },
		b: { word: '铅笔', features: ['是木头做的', '用来写字', '常放在笔袋里', '要削尖', '能用橡皮擦'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '橡皮', features: ['软软的一块', '能改掉写错的字', '放在文具盒里', '擦铅笔字', '越用越小'] },
		b: { word: '修正带', features: ['盖一层白色的', '能改掉写错的字', '放在文具盒里', '改圆珠笔字'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: '尺子',
			features: ['直直的一条', '数学课上用', '上面有刻度', '常是透明塑料', '量长度', '能画直线']
		},
		b: {
			word: '量角器',
			features: ['是半圆形的', '数学课上用', '上面有刻度', '常是透明塑料', '能量出多少度']
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '笔记本', features: ['课上记笔记', '有很多页', '用来写东西', '有横线'] },
		b: { word: '日记本', features: ['写私人心事', '有很多页', '用来写东西', '每天写一篇', '有的带锁'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '订书机', features: ['用力一按', '能把纸固定在一起', '放在办公桌上', '会打进钉子'] },
		b: {
			word: '回形针',
			features: ['是弯弯的铁丝', '能把纸固定在一起', '放在办公桌上', '夹一下就行', '不会留下洞']
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: '粉笔',
			features: ['在黑板上写', '能画画写字', '有很多颜色', '越用越短', '会掉灰', '老师常用']
		},
		b: { word: '蜡笔', features: ['是蜡做的', '能画画写字', '有很多颜色', '越用越短', '小朋友画画用'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '书包', features: ['背在背上', '装东西', '有拉链', '上学用'] },
		b: { word: '行李箱', features: ['有轮子', '装东西', '有拉链', '出门旅行用'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '考试', features: ['在教室里限时完成', '老师会打分', '是学生的任务', '要监考'] },
		b: { word: '作业', features: ['回家完成', '老师会打分', '是学生的任务', '第二天要交'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '计算器', features: ['有按键和屏幕', '能算数', '有数字', '要用电池'] },
		b: { word: '算盘', features: ['是木头框的', '能算数', '有数字', '用手拨珠子', '是中国传统工具'] }
	},
	{
		category: 'school',
		difficulty: 3,
		a: { word: '胶水', features: ['是液体', '能把东西粘住', '手工课常用', '挤出来用', '干了会变透明'] },
		b: { word: '胶带', features: ['是一卷一卷的', '能把东西粘住', '手工课常用', '撕下一截用'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '地图', features: ['是平的', '能看到国家和海洋', '地理课用', '可以折起来'] },
		b: { word: '地球仪', features: ['是圆的', '能看到国家和海洋', '地理课用', '能转动'] }
	},
	{
		category: 'school',
		difficulty: 3,
		a: { word: '黑板', features: ['是深色的', '挂在教室前面', '老师在上面写字', '可以擦干净', '用粉笔写'] },
		b: { word: '白板', features: ['颜色很亮', '挂在教室前面', '老师在上面写字', '可以擦干净', '用马克笔写'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '信封', features: ['是扁扁的纸袋', '能邮寄', '上面写着地址', '装着信'] },
		b: { word: '包裹', features: ['是个箱子', '能邮寄', '上面写着地址', '装着东西', '要称重'] }
	},
	{
		category: 'school',
		difficulty: 2,
		a: { word: '校长', features: ['管整个学校', '管理学生', '常开会', '在升旗仪式上讲话'] },
		b: { word: '班主任', features: ['管一个班', '管理学生', '常开会', '常和家长联系'] }
	},
	// body
	{
		category: 'body',
		difficulty: 2,
		a: { word: '眼睛', features: ['用来看东西', '长在头上', '有两个', '是感觉器官', '会眨'] },
		b: { word: '耳朵', features: ['用来听声音', '长在头上', '有两个', '是感觉器官', '长在脑袋两边'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '手', features: ['能拿东西', '有指甲', '长在四肢末端', '能写字', '会挥动打招呼'] },
		b: { word: '脚', features: ['用来走路', '有指甲', '长在四肢末端', '穿在鞋里', '有后跟'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '牙齿', features: ['硬硬白白的', '在嘴巴里', '帮忙吃东西', '要每天刷', '会蛀'] },
		b: { word: '舌头', features: ['软软红红的', '在嘴巴里', '帮忙吃东西', '能尝味道', '能伸出来'] }
	},
	{
		category: 'body',
		difficulty: 3,
		a: { word: '膝盖', features: ['在腿中间', '是关节', '能弯曲', '摔倒容易擦破', '能跪下'] },
		b: { word: '手肘', features: ['在胳膊中间', '是关节', '能弯曲', '摔倒容易擦破', '尖尖的'] }
	},
	{
		category: 'body',
		difficulty: 3,
		a: { word: '头发', features: ['长在头顶', '会长长', '要定期修剪', '老了会变白', '要梳', '可以扎辫子'] },
		b: { word: '胡子', features: ['长在下巴上', '会长长', '要定期修剪', '老了会变白', '男人才有', '要刮'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '发烧', features: ['身体发烫', '是生病的症状', '感冒时常有', '要量体温'] },
		b: { word: '咳嗽', features: ['嗓子不舒服', '是生病的症状', '感冒时常有', '会发出声音'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '心脏', features: ['负责泵血', '在胸腔里', '是重要器官', '一刻不停地工作', '会跳动'] },
		b: { word: '肺', features: ['负责呼吸', '在胸腔里', '是重要器官', '一刻不停地工作', '左右各一个'] }
	},
	{
		category: 'body',
		difficulty: 3,
		a: { word: '创可贴', features: ['小小一片', '能包扎伤口', '家里常备', '有胶', '贴在小口子上'] },
		b: { word: '绷带', features: ['是长长的布条', '能包扎伤口', '家里常备', '要一圈圈缠'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '手指', features: ['长在手上', '有指甲盖', '是一根一根的', '能弯曲', '能弹琴', '能戴戒指'] },
		b: { word: '脚趾', features: ['长在脚上', '有指甲盖', '是一根一根的', '能弯曲', '藏在袜子里', '比较短'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '打喷嚏', features: ['鼻子痒时发生', '是忍不住的', '要张大嘴', '会喷出气', '花粉会引起'] },
		b: { word: '打哈欠', features: ['困的时候发生', '是忍不住的', '要张大嘴', '会传染'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '骨头', features: ['又硬又白', '在身体里面', '帮助我们活动', '会骨折', '要补钙'] },
		b: { word: '肌肉', features: ['锻炼会变大', '在身体里面', '帮助我们活动', '酸痛时难受'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '维生素', features: ['水果里有', '可以是小片', '对身体有用', '每天补充'] },
		b: { word: '药', features: ['生病时吃', '可以是小片', '对身体有用', '要遵医嘱', '常是苦的'] }
	},
	{
		category: 'body',
		difficulty: 2,
		a: { word: '鼻子', features: ['能闻气味', '长在脸上', '能呼吸', '感冒时会堵'] },
		b: { word: '嘴巴', features: ['能说话', '长在脸上', '能呼吸', '能吃东西', '有上下两片唇'] }
	},
	// hobby
	{
		category: 'hobby',
		difficulty: 3,
		a: { word: '象棋', features: ['有车马炮', '是中国传统棋类', '两个人下', '要动脑筋', '要将军'] },
		b: { word: '围棋', features: ['有黑白子', '是中国传统棋类', '两个人下', '要动脑筋', '要围地盘'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '拼图', features: ['把碎片拼起来', '是益智玩具', '要有耐心', '拼好是一幅画'] },
		b: { word: '魔方', features: ['是个小方块', '是益智玩具', '要有耐心', '转来转去', '六个面颜色要对齐'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '画画', features: ['常用彩色颜料', '是艺术爱好', '在纸上创作', '能描绘风景'] },
		b: { word: '书法', features: ['写毛笔字', '是艺术爱好', '在纸上创作', '要用墨汁'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '钓鱼', features: ['用鱼竿', '在户外进行', '常在湖边', '要很有耐心'] },
		b: { word: '露营', features: ['要搭帐篷', '在户外进行', '常在湖边', '晚上睡在野外'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '织毛衣', features: ['用毛线', '是手工活', '要用针', '很考验耐心', '用两根长棒针'] },
		b: { word: '十字绣', features: ['在布上绣图案', '是手工活', '要用针', '很考验耐心', '按格子一针针绣'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '风筝', features: ['有竹子骨架', '能飞上天', '用线牵着', '颜色鲜艳', '春天放'] },
		b: { word: '气球', features: ['里面充着气', '能飞上天', '用线牵着', '颜色鲜艳', '一扎就破', '派对常用'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '看书', features: ['用眼睛读', '和文字有关', '要安静', '能增长见识'] },
		b: { word: '写作', features: ['要动笔', '和文字有关', '要安静', '能创造故事'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '爬山', features: ['沿着山路走', '往高处去', '是户外运动', '要穿好鞋', '能看到山顶风景'] },
		b: { word: '攀岩', features: ['要系安全绳', '往高处去', '是户外运动', '要穿好鞋', '徒手抓岩壁'] }
	},
	{
		category: 'hobby',
		difficulty: 3,
		a: { word: '做饭', features: ['用锅炒菜', '在厨房做', '要看菜谱', '一日三餐'] },
		b: { word: '烘焙', features: ['用烤箱', '在厨房做', '要看菜谱', '做蛋糕饼干'] }
	},
	{
		category: 'hobby',
		difficulty: 3,
		a: { word: '剪纸', features: ['要用剪刀', '用纸做手工', '是传统手艺', '常贴在窗上'] },
		b: { word: '折纸', features: ['不用剪刀', '用纸做手工', '是传统手艺', '能折成千纸鹤'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '秋千', features: ['前后荡来荡去', '游乐场里有', '小朋友最爱', '挂着两根绳子'] },
		b: { word: '滑梯', features: ['从高处滑下来', '游乐场里有', '小朋友最爱', '要爬梯子上去'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '野餐', features: ['铺一块布坐着', '在户外吃', '常和朋友一起', '带着篮子'] },
		b: { word: '烧烤', features: ['要生火', '在户外吃', '常和朋友一起', '把肉串起来烤'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '电影', features: ['有真人演员', '在屏幕上播放', '讲一个故事', '在影院上映'] },
		b: { word: '动画片', features: ['是画出来的', '在屏幕上播放', '讲一个故事', '小朋友最爱看'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '跳舞', features: ['用身体动作表现', '是才艺', '常在舞台表演', '要跟着节拍'] },
		b: { word: '唱歌', features: ['用嗓子', '是才艺', '常在舞台表演', '要记歌词'] }
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: { word: '捉迷藏', features: ['由一个人来找', '是小朋友的游戏', '要很多人一起玩', '要其他人藏起来'] },
		b: { word: '丢手绢', features: ['要大家围成圈坐', '是小朋友的游戏', '要很多人一起玩', '边唱歌边跑'] }
	}
];
