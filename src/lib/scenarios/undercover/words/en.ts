import type { WordPair } from './types';

// English word pairs for Who is the Undercover.
// Each feature reads naturally after "It "; shared features let the undercover blend in.

export const pairs: WordPair[] = [
	// food
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'apple',
			features: [
				'is often red or green',
				'grows on a tree',
				'can be eaten with the skin on',
				'is very crunchy',
				'is pressed to make cider'
			]
		},
		b: {
			word: 'pear',
			features: [
				'is wider at the bottom',
				'grows on a tree',
				'can be eaten with the skin on',
				'turns soft and juicy when ripe',
				'is often yellow or green'
			]
		}
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: 'lemon',
			features: [
				'has a bright yellow peel',
				'is a sour citrus fruit',
				'is squeezed over food',
				'is used in a classic summer drink'
			]
		},
		b: {
			word: 'lime',
			features: [
				'has a green peel',
				'is a sour citrus fruit',
				'is squeezed over food',
				'is small and round',
				'is common in tropical cooking'
			]
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'strawberry',
			features: [
				'has seeds on its outside',
				'is small and red',
				'is a popular dessert topping',
				'grows close to the ground',
				'has a leafy green top'
			]
		},
		b: {
			word: 'cherry',
			features: [
				'has a hard pit inside',
				'is small and red',
				'is a popular dessert topping',
				'grows on a tree',
				'often hangs in pairs by a stem'
			]
		}
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: 'orange',
			features: [
				'is often squeezed into breakfast juice',
				'is a citrus fruit',
				'is peeled and split into segments',
				'is about the size of a fist'
			]
		},
		b: {
			word: 'tangerine',
			features: [
				'is small and easy to peel',
				'is a citrus fruit',
				'is peeled and split into segments',
				'is a popular gift at lunar new year'
			]
		}
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: 'peach',
			features: [
				'has fuzzy skin',
				'has a stone in the middle',
				'grows on a tree',
				'is sweet and juicy',
				'is pink and yellow'
			]
		},
		b: {
			word: 'plum',
			features: [
				'has smooth skin',
				'has a stone in the middle',
				'grows on a tree',
				'is sweet and juicy',
				'is often purple',
				'can be dried into a prune'
			]
		}
	},
	{
		category: 'food',
		difficulty: 1,
		a: {
			word: 'banana',
			features: [
				'is long and curved',
				'is a sweet tropical fruit',
				'is yellow inside',
				'is peeled by hand',
				'is loved by monkeys'
			]
		},
		b: {
			word: 'mango',
			features: [
				'has a big flat seed',
				'is a sweet tropical fruit',
				'is yellow inside',
				'is juicy and sticky'
			]
		}
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: 'butter',
			features: ['is made from cream', 'is spread on toast', 'is sold in blocks or tubs', 'is churned']
		},
		b: {
			word: 'margarine',
			features: [
				'is made from plant oils',
				'is spread on toast',
				'is sold in blocks or tubs',
				'is a dairy-free spread'
			]
		}
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: 'pancake',
			features: [
				'is flat and round',
				'is made from batter',
				'is served with syrup at breakfast',
				'is flipped in a pan',
				'is stacked in a tall pile'
			]
		},
		b: {
			word: 'waffle',
			features: [
				'has a grid of little squares',
				'is made from batter',
				'is served with syrup at breakfast',
				'is cooked in a special iron'
			]
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'noodle',
			features: ['is long and thin', 'is made from dough', 'is often served in soup', 'is slurped']
		},
		b: {
			word: 'dumpling',
			features: [
				'has a filling inside',
				'is made from dough',
				'is often served in soup',
				'is folded and pinched closed',
				'is often steamed'
			]
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'cookie',
			features: [
				'is sweet',
				'is baked until crisp',
				'comes in a box or packet',
				'often has chocolate chips',
				'is dunked in milk'
			]
		},
		b: {
			word: 'cracker',
			features: ['is salty', 'is baked until crisp', 'comes in a box or packet', 'is eaten with cheese']
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'cake',
			features: [
				'has candles on it at birthdays',
				'is baked in an oven',
				'is cut into slices',
				'is a dessert',
				'is covered in frosting'
			]
		},
		b: {
			word: 'pie',
			features: [
				'has a pastry crust',
				'is baked in an oven',
				'is cut into slices',
				'is a dessert',
				'often has a fruit filling'
			]
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'sandwich',
			features: [
				'is made with sliced bread',
				'is eaten with your hands',
				'has layers',
				'is a quick lunch',
				'is often cut into triangles'
			]
		},
		b: {
			word: 'burger',
			features: [
				'has a round bun',
				'is eaten with your hands',
				'has layers',
				'is a quick lunch',
				'has a grilled patty'
			]
		}
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: 'soup',
			features: [
				'is thin and liquid',
				'is eaten with a spoon',
				'is cooked in a big pot',
				'is hot and comforting',
				'is often a starter'
			]
		},
		b: {
			word: 'stew',
			features: [
				'is thick with big chunks',
				'is eaten with a spoon',
				'is cooked in a big pot',
				'is hot and comforting',
				'cooks slowly for hours'
			]
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'honey',
			features: [
				'is made by bees',
				'is sweet and sticky',
				'is spread on toast',
				'comes in a jar',
				'is golden'
			]
		},
		b: {
			word: 'jam',
			features: [
				'is made from cooked fruit',
				'is sweet and sticky',
				'is spread on toast',
				'comes in a jar',
				'often has bits of fruit in it'
			]
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'cheese',
			features: [
				'is often yellow',
				'is made from milk',
				'is a dairy food',
				'is sliced or grated',
				'can be aged for years'
			]
		},
		b: {
			word: 'yogurt',
			features: [
				'is eaten with a spoon',
				'is made from milk',
				'is a dairy food',
				'is soft and creamy',
				'is a common breakfast with fruit'
			]
		}
	},
	{
		category: 'food',
		difficulty: 3,
		a: {
			word: 'cucumber',
			features: [
				'is eaten raw in salads',
				'is long and green',
				'grows on a vine',
				'is pickled',
				'is put on tired eyes'
			]
		},
		b: {
			word: 'zucchini',
			features: ['is usually cooked', 'is long and green', 'grows on a vine', 'is a summer squash']
		}
	},
	{
		category: 'food',
		difficulty: 2,
		a: {
			word: 'popcorn',
			features: [
				'pops in hot oil',
				'is a salty snack',
				'is crunchy',
				'is eaten at the movies',
				'is made from dried kernels'
			]
		},
		b: {
			word: 'pretzel',
			features: ['is twisted into a knot', 'is a salty snack', 'is crunchy', 'is baked dough']
		}
	},
	// drink
	{
		category: 'drink',
		difficulty: 2,
		a: {
			word: 'coffee',
			features: [
				'is made from roasted beans',
				'is a hot drink',
				'is brewed',
				'contains caffeine',
				'is dark and bitter',
				'helps people wake up'
			]
		},
		b: {
			word: 'tea',
			features: [
				'is made from dried leaves',
				'is a hot drink',
				'is brewed',
				'contains caffeine',
				'is steeped in a pot',
				'is served with biscuits'
			]
		}
	},
	{
		category: 'drink',
		difficulty: 3,
		a: {
			word: 'milk',
			features: [
				'is drunk by the glass',
				'is white',
				'comes from cows',
				'is a dairy product',
				'is poured on cereal'
			]
		},
		b: {
			word: 'cream',
			features: [
				'is thick and rich',
				'is white',
				'comes from cows',
				'is a dairy product',
				'is whipped for desserts'
			]
		}
	},
	{
		category: 'drink',
		difficulty: 3,
		a: {
			word: 'juice',
			features: [
				'is thin and runny',
				'is made from fruit',
				'is served cold',
				'is often drunk at breakfast',
				'is squeezed or pressed'
			]
		},
		b: {
			word: 'smoothie',
			features: [
				'is thick and blended',
				'is made from fruit',
				'is served cold',
				'is often drunk at breakfast',
				'often contains yogurt'
			]
		}
	},
	{
		category: 'drink',
		difficulty: 2,
		a: {
			word: 'soda',
			features: [
				'is fizzy',
				'is a sweet cold drink',
				'is sold in cans or bottles',
				'comes in many flavors',
				'is full of bubbles'
			]
		},
		b: {
			word: 'lemonade',
			features: [
				'is made from citrus juice',
				'is a sweet cold drink',
				'is sold in cans or bottles',
				'is sold at summer stands'
			]
		}
	},
	{
		category: 'drink',
		difficulty: 2,
		a: {
			word: 'cocoa',
			features: [
				'is served hot',
				'is made with milk',
				'is sweet',
				'is a treat for children',
				'is topped with marshmallows',
				'is made from a brown powder'
			]
		},
		b: {
			word: 'milkshake',
			features: [
				'is served cold',
				'is made with milk',
				'is sweet',
				'is a treat for children',
				'is blended with ice cream',
				'is drunk through a straw'
			]
		}
	},
	{
		category: 'drink',
		difficulty: 3,
		a: {
			word: 'espresso',
			features: [
				'is a small strong shot',
				'is an italian coffee drink',
				'is made by a barista',
				'is served in a tiny cup'
			]
		},
		b: {
			word: 'cappuccino',
			features: [
				'has a thick layer of milk foam',
				'is an italian coffee drink',
				'is made by a barista',
				'is served in a larger cup',
				'is dusted with chocolate powder'
			]
		}
	},
	{
		category: 'drink',
		difficulty: 3,
		a: {
			word: 'mocha',
			features: [
				'has chocolate in it',
				'is a coffee drink with steamed milk',
				'is sold in cafes',
				'is extra sweet'
			]
		},
		b: {
			word: 'latte',
			features: [
				'is mostly milk',
				'is a coffee drink with steamed milk',
				'is sold in cafes',
				'often has art drawn in the foam'
			]
		}
	},
	// animal
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'cat',
			features: [
				'purrs when happy',
				'is a popular pet',
				'has four legs',
				'has a tail and whiskers',
				'climbs trees',
				'chases mice'
			]
		},
		b: {
			word: 'dog',
			features: [
				'barks at strangers',
				'is a popular pet',
				'has four legs',
				'has a tail and whiskers',
				'fetches sticks',
				'is walked on a leash'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'tiger',
			features: [
				'has black stripes',
				'is a big wild cat',
				'hunts other animals',
				'has sharp claws',
				'lives in asian forests',
				'is a good swimmer'
			]
		},
		b: {
			word: 'lion',
			features: [
				'has a shaggy mane',
				'is a big wild cat',
				'hunts other animals',
				'has sharp claws',
				'lives on the savanna',
				'is called the king of beasts'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'butterfly',
			features: [
				'has colorful wings',
				'is an insect',
				'visits flowers',
				'has wings',
				'starts life as a caterpillar'
			]
		},
		b: {
			word: 'bee',
			features: [
				'makes honey',
				'is an insect',
				'visits flowers',
				'has wings',
				'makes a buzzing sound',
				'lives in a hive'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 3,
		a: {
			word: 'horse',
			features: [
				'is ridden in races',
				'has hooves',
				'carries loads',
				'eats hay',
				'has a flowing mane',
				'gallops fast'
			]
		},
		b: {
			word: 'donkey',
			features: [
				'has long ears',
				'has hooves',
				'carries loads',
				'eats hay',
				'brays loudly',
				'is known for being stubborn'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'dolphin',
			features: [
				'is a mammal',
				'lives in the sea',
				'has a dorsal fin',
				'is a strong swimmer',
				'breathes air',
				'is playful and clicks'
			]
		},
		b: {
			word: 'shark',
			features: [
				'is a fish',
				'lives in the sea',
				'has a dorsal fin',
				'is a strong swimmer',
				'has rows of sharp teeth',
				'is feared by swimmers'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'rabbit',
			features: [
				'has long ears',
				'is a small furry animal',
				'can be kept as a pet',
				'gnaws on food',
				'hops around',
				'loves carrots'
			]
		},
		b: {
			word: 'hamster',
			features: [
				'stores food in its cheeks',
				'is a small furry animal',
				'can be kept as a pet',
				'gnaws on food',
				'runs on a wheel',
				'lives in a cage'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'eagle',
			features: [
				'hunts during the day',
				'is a bird of prey',
				'has sharp talons',
				'has keen eyesight',
				'soars high',
				'nests on cliffs'
			]
		},
		b: {
			word: 'owl',
			features: [
				'hunts at night',
				'is a bird of prey',
				'has sharp talons',
				'has keen eyesight',
				'hoots',
				'can turn its head very far'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 3,
		a: {
			word: 'duck',
			features: ['quacks', 'swims on ponds', 'has webbed feet', 'is a water bird', 'is small']
		},
		b: {
			word: 'goose',
			features: [
				'honks loudly',
				'swims on ponds',
				'has webbed feet',
				'is a water bird',
				'has a long neck',
				'flies in v-shapes'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 3,
		a: {
			word: 'frog',
			features: [
				'has smooth wet skin',
				'is an amphibian',
				'eats insects',
				'lays eggs in water',
				'croaks',
				'jumps far'
			]
		},
		b: {
			word: 'toad',
			features: [
				'has dry bumpy skin',
				'is an amphibian',
				'eats insects',
				'lays eggs in water',
				'croaks',
				'walks more than it hops'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'cow',
			features: [
				'gives milk',
				'lives on a farm',
				'eats grass',
				'chews cud',
				'moos',
				'can have black and white patches'
			]
		},
		b: {
			word: 'sheep',
			features: [
				'has a woolly coat',
				'lives on a farm',
				'eats grass',
				'chews cud',
				'is sheared every year',
				'baas'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'monkey',
			features: [
				'has a long tail',
				'is a primate',
				'lives in forests',
				'has hands that grip',
				'swings through trees',
				'is small and playful'
			]
		},
		b: {
			word: 'gorilla',
			features: [
				'is very large and strong',
				'is a primate',
				'lives in forests',
				'has hands that grip',
				'beats its chest',
				'has no tail'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'penguin',
			features: [
				'is a bird that cannot fly',
				'lives in cold places',
				'swims and dives for fish',
				'lies on the ice',
				'waddles on land',
				'looks like it wears a tuxedo'
			]
		},
		b: {
			word: 'seal',
			features: [
				'is a mammal with flippers',
				'lives in cold places',
				'swims and dives for fish',
				'lies on the ice',
				'barks',
				'lies on beaches'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'snake',
			features: [
				'has no legs',
				'is a reptile',
				'has scaly skin',
				'basks in the sun',
				'slithers',
				'flicks its tongue'
			]
		},
		b: {
			word: 'lizard',
			features: ['has four legs', 'is a reptile', 'has scaly skin', 'basks in the sun', 'can drop its tail']
		}
	},
	{
		category: 'animal',
		difficulty: 3,
		a: {
			word: 'mouse',
			features: ['is small and timid', 'is a rodent', 'has a long thin tail', 'squeaks', 'likes cheese']
		},
		b: {
			word: 'rat',
			features: ['is bigger', 'is a rodent', 'has a long thin tail', 'squeaks', 'lives in sewers']
		}
	},
	{
		category: 'animal',
		difficulty: 2,
		a: {
			word: 'elephant',
			features: [
				'has a long trunk',
				'is huge and heavy',
				'has thick grey skin',
				'lives in africa',
				'has big flapping ears',
				'never forgets in a saying'
			]
		},
		b: {
			word: 'rhino',
			features: [
				'has a horn on its nose',
				'is huge and heavy',
				'has thick grey skin',
				'lives in africa',
				'charges when angry'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 1,
		a: {
			word: 'zebra',
			features: [
				'has black and white stripes',
				'lives on the savanna',
				'eats plants',
				'has hooves',
				'looks like a striped pony'
			]
		},
		b: {
			word: 'giraffe',
			features: [
				'has a very long neck',
				'lives on the savanna',
				'eats plants',
				'has hooves',
				'eats leaves from tall trees',
				'is the tallest animal'
			]
		}
	},
	{
		category: 'animal',
		difficulty: 3,
		a: {
			word: 'wolf',
			features: [
				'howls at the moon',
				'is a wild relative of the dog',
				'has a bushy tail',
				'hunts small animals',
				'lives in packs',
				'is usually grey'
			]
		},
		b: {
			word: 'fox',
			features: [
				'has reddish fur',
				'is a wild relative of the dog',
				'has a bushy tail',
				'hunts small animals',
				'is known as sly and clever',
				'lives alone in a den'
			]
		}
	},
	// household
	{
		category: 'household',
		difficulty: 3,
		a: {
			word: 'pillow',
			features: [
				'is used on a bed',
				'is soft',
				'is filled with stuffing',
				'has a cover',
				'supports your head while sleeping'
			]
		},
		b: {
			word: 'cushion',
			features: ['sits on a sofa', 'is soft', 'is filled with stuffing', 'has a cover', 'is decorative']
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'sofa',
			features: [
				'seats several people',
				'is found in a living room',
				'is padded for comfort',
				'is sat on',
				'is long'
			]
		},
		b: {
			word: 'armchair',
			features: [
				'seats one person',
				'is found in a living room',
				'is padded for comfort',
				'is sat on',
				'has a rest on each side'
			]
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'spoon',
			features: [
				'has a shallow bowl',
				'is cutlery',
				'is used for eating',
				'is made of metal',
				'is used for soup'
			]
		},
		b: {
			word: 'fork',
			features: [
				'has prongs',
				'is cutlery',
				'is used for eating',
				'is made of metal',
				'spears food',
				'is held in the left hand in europe'
			]
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'mug',
			features: ['has a handle', 'holds a drink', 'sits on a table', 'holds hot drinks', 'is made of ceramic']
		},
		b: {
			word: 'glass',
			features: ['is see-through', 'holds a drink', 'sits on a table', 'breaks easily', 'holds cold drinks']
		}
	},
	{
		category: 'household',
		difficulty: 3,
		a: {
			word: 'broom',
			features: ['sweeps dust', 'has a long handle', 'is used to clean floors', 'has stiff bristles']
		},
		b: {
			word: 'mop',
			features: [
				'is dipped in a bucket of water',
				'has a long handle',
				'is used to clean floors',
				'has a wet head of strings'
			]
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'lamp',
			features: ['uses electricity', 'gives light', 'is placed on a table', 'has a shade', 'is switched on']
		},
		b: {
			word: 'candle',
			features: ['has a wick', 'gives light', 'is placed on a table', 'is made of wax', 'melts as it burns']
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'curtain',
			features: [
				'is made of fabric',
				'covers a window',
				'blocks sunlight',
				'is drawn open and closed',
				'hangs from a rod'
			]
		},
		b: {
			word: 'shutter',
			features: [
				'has wooden slats',
				'covers a window',
				'blocks sunlight',
				'is often outside the window',
				'is closed during storms'
			]
		}
	},
	{
		category: 'household',
		difficulty: 3,
		a: {
			word: 'fridge',
			features: [
				'keeps milk fresh',
				'keeps food cold',
				'is a kitchen appliance',
				'has a door',
				'has a light inside'
			]
		},
		b: {
			word: 'freezer',
			features: [
				'is below zero inside',
				'keeps food cold',
				'is a kitchen appliance',
				'has a door',
				'makes ice cubes',
				'stores frozen food'
			]
		}
	},
	{
		category: 'household',
		difficulty: 3,
		a: {
			word: 'blanket',
			features: [
				'is soft and woolly',
				'keeps you warm at night',
				'covers a bed',
				'is made of fabric',
				'is wrapped around your shoulders'
			]
		},
		b: {
			word: 'quilt',
			features: [
				'is made of stitched patches',
				'keeps you warm at night',
				'covers a bed',
				'is made of fabric',
				'has a padded layer'
			]
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'towel',
			features: [
				'dries your body after a shower',
				'is made of cloth or paper',
				'wipes things dry',
				'hangs in the bathroom'
			]
		},
		b: {
			word: 'napkin',
			features: [
				'is used at meals',
				'is made of cloth or paper',
				'wipes things dry',
				'wipes your mouth',
				'is folded beside a plate'
			]
		}
	},
	{
		category: 'household',
		difficulty: 3,
		a: {
			word: 'kettle',
			features: [
				'boils water',
				'has a spout',
				'has a handle',
				'is used for hot drinks',
				'whistles when ready',
				'plugs into the wall'
			]
		},
		b: {
			word: 'teapot',
			features: [
				'is made of china',
				'has a spout',
				'has a handle',
				'is used for hot drinks',
				'is where leaves steep',
				'sits on a tray'
			]
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'mirror',
			features: ['shows your reflection', 'is made of glass', 'is a flat pane', 'is in the bathroom']
		},
		b: {
			word: 'window',
			features: ['lets light in', 'is made of glass', 'is a flat pane', 'can be opened for fresh air']
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'clock',
			features: [
				'has hands',
				'hangs on a wall',
				'helps you keep track of time',
				'ticks',
				'has numbers in a circle'
			]
		},
		b: {
			word: 'calendar',
			features: [
				'has pages for each month',
				'hangs on a wall',
				'helps you keep track of time',
				'has squares for days'
			]
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'key',
			features: [
				'is kept on a ring',
				'is made of metal',
				'keeps a home secure',
				'is turned in a hole',
				'is small'
			]
		},
		b: {
			word: 'lock',
			features: ['is fixed on a door', 'is made of metal', 'keeps a home secure', 'is opened by turning']
		}
	},
	{
		category: 'household',
		difficulty: 2,
		a: {
			word: 'toothbrush',
			features: [
				'cleans your teeth',
				'has bristles',
				'is used every morning',
				'is kept in the bathroom',
				'is used with paste'
			]
		},
		b: {
			word: 'hairbrush',
			features: [
				'smooths your hair',
				'has bristles',
				'is used every morning',
				'is kept in the bathroom',
				'has a wide flat head'
			]
		}
	},
	// profession
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'doctor',
			features: [
				'diagnoses illness',
				'works in a hospital',
				'cares for sick people',
				'wears a uniform',
				'writes prescriptions',
				'studied for many years'
			]
		},
		b: {
			word: 'nurse',
			features: [
				'gives injections',
				'works in a hospital',
				'cares for sick people',
				'wears a uniform',
				'checks on patients often',
				'assists during treatment'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'teacher',
			features: [
				'works in a classroom',
				'trains people',
				'helps others improve',
				'gives instructions',
				'marks homework',
				'writes on a board'
			]
		},
		b: {
			word: 'coach',
			features: [
				'works on a sports field',
				'trains people',
				'helps others improve',
				'gives instructions',
				'blows a whistle',
				'plans training drills'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 3,
		a: {
			word: 'chef',
			features: [
				'cooks meals in a restaurant',
				'works in a kitchen',
				'wears a white apron',
				'makes food',
				'works over a hot stove'
			]
		},
		b: {
			word: 'baker',
			features: [
				'makes bread',
				'works in a kitchen',
				'wears a white apron',
				'makes food',
				'starts work before dawn',
				'works with ovens and dough'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'pilot',
			features: [
				'flies passengers',
				'wears a uniform',
				'flies high above the ground',
				'trains for years',
				'works in a cockpit'
			]
		},
		b: {
			word: 'astronaut',
			features: [
				'travels into space',
				'wears a uniform',
				'flies high above the ground',
				'trains for years',
				'wears a spacesuit',
				'floats in zero gravity'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 3,
		a: {
			word: 'farmer',
			features: [
				'owns fields and animals',
				'grows plants',
				'works outdoors',
				'uses a spade',
				'drives a tractor',
				'harvests crops'
			]
		},
		b: {
			word: 'gardener',
			features: [
				'looks after flowers and lawns',
				'grows plants',
				'works outdoors',
				'uses a spade',
				'trims hedges'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'painter',
			features: [
				'uses brushes and colors',
				'is an artist',
				'makes works shown in galleries',
				'works on canvas'
			]
		},
		b: {
			word: 'sculptor',
			features: [
				'carves stone or wood',
				'is an artist',
				'makes works shown in galleries',
				'makes statues',
				'shapes clay'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'singer',
			features: [
				'uses their voice',
				'performs on stage',
				'practices every day',
				'entertains audiences',
				'holds a microphone'
			]
		},
		b: {
			word: 'dancer',
			features: [
				'moves to music',
				'performs on stage',
				'practices every day',
				'entertains audiences',
				'wears soft shoes',
				'learns routines'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'dentist',
			features: [
				'checks teeth',
				'examines patients',
				'works in a clinic',
				'uses a small drill',
				'tells you to open wide'
			]
		},
		b: {
			word: 'optician',
			features: ['tests your eyesight', 'examines patients', 'works in a clinic', 'fits glasses']
		}
	},
	{
		category: 'profession',
		difficulty: 3,
		a: {
			word: 'barber',
			features: [
				'mostly serves men',
				'cuts hair',
				'uses scissors and combs',
				'works in a shop with mirrors',
				'shaves beards'
			]
		},
		b: {
			word: 'hairdresser',
			features: [
				'colors and styles hair',
				'cuts hair',
				'uses scissors and combs',
				'works in a shop with mirrors',
				'does blow-drying'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'waiter',
			features: [
				'works in a restaurant',
				'serves customers',
				'stands most of the day',
				'carries plates',
				'takes orders at tables'
			]
		},
		b: {
			word: 'cashier',
			features: [
				'works at a till',
				'serves customers',
				'stands most of the day',
				'scans items',
				'gives change'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'firefighter',
			features: [
				'puts out flames',
				'rescues people',
				'trains hard to stay fit',
				'is brave in emergencies',
				'climbs ladders',
				'wears a helmet'
			]
		},
		b: {
			word: 'lifeguard',
			features: [
				'watches swimmers',
				'rescues people',
				'trains hard to stay fit',
				'is brave in emergencies',
				'works at a pool or beach',
				'wears a red swimsuit'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 3,
		a: {
			word: 'librarian',
			features: [
				'lends books',
				'works with books',
				'knows many authors',
				'works in a quiet place',
				'asks people to be quiet'
			]
		},
		b: {
			word: 'bookseller',
			features: ['sells books', 'works with books', 'knows many authors', 'works in a shop']
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'plumber',
			features: [
				'fixes pipes and leaks',
				'fixes things in houses',
				'is called for repairs',
				'carries a toolbox',
				'unblocks drains'
			]
		},
		b: {
			word: 'electrician',
			features: [
				'fixes wiring',
				'fixes things in houses',
				'is called for repairs',
				'carries a toolbox',
				'works with switches and sockets'
			]
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'journalist',
			features: ['writes articles', 'works for newspapers', 'covers events', 'interviews people']
		},
		b: {
			word: 'photographer',
			features: ['takes pictures', 'works for newspapers', 'covers events', 'carries a camera']
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'scientist',
			features: ['works in a lab', 'solves problems', 'experiments with ideas', 'tests theories']
		},
		b: {
			word: 'inventor',
			features: ['creates new machines', 'solves problems', 'experiments with ideas', 'holds patents']
		}
	},
	{
		category: 'profession',
		difficulty: 2,
		a: {
			word: 'actor',
			features: [
				'plays a character',
				'performs for an audience',
				'works on a stage',
				'learns lines',
				'appears in films'
			]
		},
		b: {
			word: 'magician',
			features: [
				'does tricks',
				'performs for an audience',
				'works on a stage',
				'makes things disappear',
				'wears a top hat'
			]
		}
	},
	// place
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: 'library',
			features: [
				'lends books for free',
				'has shelves full of books',
				'has reading corners',
				'needs a membership card',
				'asks visitors to be quiet'
			]
		},
		b: {
			word: 'bookstore',
			features: ['sells books', 'has shelves full of books', 'has reading corners', 'has a cash register']
		}
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: 'hospital',
			features: [
				'is very large',
				'treats sick people',
				'has doctors and nurses',
				'has an emergency room',
				'keeps patients overnight'
			]
		},
		b: {
			word: 'clinic',
			features: ['is small', 'treats sick people', 'has doctors and nurses', 'handles routine checkups']
		}
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: 'park',
			features: [
				'is public',
				'has grass and flowers',
				'is good for a walk',
				'has trees',
				'has playgrounds and benches'
			]
		},
		b: {
			word: 'garden',
			features: [
				'is often behind a house',
				'has grass and flowers',
				'is good for a walk',
				'has trees',
				'is tended by its owner'
			]
		}
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: 'museum',
			features: [
				'shows history and science',
				'displays exhibits',
				'has guided tours',
				'is quiet inside',
				'has dinosaur bones'
			]
		},
		b: {
			word: 'gallery',
			features: [
				'shows paintings and art',
				'displays exhibits',
				'has guided tours',
				'is quiet inside',
				'often sells art'
			]
		}
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: 'cinema',
			features: [
				'shows films',
				'has rows of seats',
				'needs a ticket',
				'goes dark before the show',
				'has a huge screen'
			]
		},
		b: {
			word: 'theater',
			features: [
				'has live actors on stage',
				'has rows of seats',
				'needs a ticket',
				'goes dark before the show',
				'has a heavy velvet curtain'
			]
		}
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: 'supermarket',
			features: [
				'is indoors',
				'sells food',
				'has fresh fruit and vegetables',
				'has trolleys and checkouts',
				'has long aisles'
			]
		},
		b: {
			word: 'bazaar',
			features: [
				'is often outdoors',
				'sells food',
				'has fresh fruit and vegetables',
				'has stalls',
				'lets you haggle'
			]
		}
	},
	{
		category: 'place',
		difficulty: 2,
		a: {
			word: 'restaurant',
			features: [
				'serves full meals',
				'serves food and drinks',
				'has tables and chairs',
				'has waiters',
				'takes dinner reservations'
			]
		},
		b: {
			word: 'cafe',
			features: [
				'serves drinks and cakes',
				'serves food and drinks',
				'has tables and chairs',
				'has waiters',
				'is good for a light snack'
			]
		}
	},
	{
		category: 'place',
		difficulty: 2,
		a: {
			word: 'school',
			features: [
				'is for children',
				'is a place to learn',
				'has classrooms and teachers',
				'has a playground',
				'rings a bell'
			]
		},
		b: {
			word: 'university',
			features: [
				'is for adults',
				'is a place to learn',
				'has classrooms and teachers',
				'gives degrees',
				'has lecture halls'
			]
		}
	},
	{
		category: 'place',
		difficulty: 2,
		a: {
			word: 'zoo',
			features: ['keeps exotic animals', 'has many animals', 'is visited by families', 'has enclosures']
		},
		b: {
			word: 'farm',
			features: [
				'raises crops and livestock',
				'has many animals',
				'is visited by families',
				'has a barn and tractor'
			]
		}
	},
	{
		category: 'place',
		difficulty: 2,
		a: {
			word: 'airport',
			features: [
				'has runways',
				'has departure boards',
				'has waiting passengers',
				'sells tickets',
				'has security checks',
				'is where planes take off'
			]
		},
		b: {
			word: 'station',
			features: [
				'has platforms',
				'has departure boards',
				'has waiting passengers',
				'sells tickets',
				'is where trains stop'
			]
		}
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: 'hotel',
			features: ['has private rooms', 'rents rooms for the night', 'has a reception desk', 'has room service']
		},
		b: {
			word: 'hostel',
			features: [
				'is cheap',
				'rents rooms for the night',
				'has a reception desk',
				'has shared dorms',
				'is popular with backpackers'
			]
		}
	},
	{
		category: 'place',
		difficulty: 2,
		a: {
			word: 'gym',
			features: [
				'has treadmills and weights',
				'is a place to exercise',
				'has changing rooms',
				'charges membership',
				'gets you sweaty'
			]
		},
		b: {
			word: 'pool',
			features: [
				'is filled with water',
				'is a place to exercise',
				'has changing rooms',
				'charges membership',
				'has lanes for laps'
			]
		}
	},
	{
		category: 'place',
		difficulty: 2,
		a: {
			word: 'kitchen',
			features: [
				'has a stove and oven',
				'has a sink and tap',
				'has tiled walls',
				'is a room in a house',
				'is where meals are cooked'
			]
		},
		b: {
			word: 'bathroom',
			features: [
				'has a tub or shower',
				'has a sink and tap',
				'has tiled walls',
				'is a room in a house',
				'has a toilet'
			]
		}
	},
	{
		category: 'place',
		difficulty: 3,
		a: {
			word: 'castle',
			features: [
				'has thick stone walls',
				'is very old and grand',
				'is home to royalty',
				'has towers and a moat'
			]
		},
		b: {
			word: 'palace',
			features: [
				'has lavish rooms',
				'is very old and grand',
				'is home to royalty',
				'has ballrooms and chandeliers'
			]
		}
	},
	{
		category: 'place',
		difficulty: 2,
		a: {
			word: 'beach',
			features: [
				'is next to the sea',
				'has lots of sand',
				'is hot and sunny',
				'has waves',
				'is where people sunbathe'
			]
		},
		b: {
			word: 'desert',
			features: ['gets very little rain', 'has lots of sand', 'is hot and sunny', 'has camels and cacti']
		}
	},
	// transport
	{
		category: 'transport',
		difficulty: 2,
		a: {
			word: 'bicycle',
			features: [
				'is moved by pedaling',
				'has two wheels',
				'has handlebars',
				'needs a helmet',
				'is quiet and green'
			]
		},
		b: {
			word: 'motorcycle',
			features: [
				'has an engine',
				'has two wheels',
				'has handlebars',
				'needs a helmet',
				'is fast and loud',
				'needs fuel'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: 'bus',
			features: [
				'drives on ordinary roads',
				'carries many passengers',
				'runs on a fixed route',
				'picks people up at stops',
				'can be a double-decker'
			]
		},
		b: {
			word: 'tram',
			features: [
				'runs on rails in the street',
				'carries many passengers',
				'runs on a fixed route',
				'picks people up at stops',
				'gets power from overhead wires'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: 'train',
			features: [
				'travels between cities',
				'runs on rails',
				'carries many passengers',
				'has carriages',
				'has a dining car'
			]
		},
		b: {
			word: 'subway',
			features: [
				'runs underground',
				'runs on rails',
				'carries many passengers',
				'has carriages',
				'connects parts of a city'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 2,
		a: {
			word: 'car',
			features: ['is owned by a family', 'has four wheels', 'drives on roads', 'is parked at home']
		},
		b: {
			word: 'taxi',
			features: [
				'is paid by the ride',
				'has four wheels',
				'drives on roads',
				'is often yellow',
				'has a meter'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: 'boat',
			features: ['is small', 'floats on water', 'has a deck', 'carries people', 'can be rowed']
		},
		b: {
			word: 'ship',
			features: ['is huge', 'floats on water', 'has a deck', 'carries people', 'crosses oceans']
		}
	},
	{
		category: 'transport',
		difficulty: 2,
		a: {
			word: 'airplane',
			features: ['has wings', 'flies in the sky', 'has a pilot', 'needs a long runway', 'flies far abroad']
		},
		b: {
			word: 'helicopter',
			features: [
				'has spinning rotor blades',
				'flies in the sky',
				'has a pilot',
				'can hover in one place',
				'lands on rooftops'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 2,
		a: {
			word: 'skateboard',
			features: [
				'has no handlebars',
				'is ridden standing up',
				'has small wheels',
				'is pushed along with one foot',
				'is used for tricks'
			]
		},
		b: {
			word: 'scooter',
			features: [
				'has a handlebar',
				'is ridden standing up',
				'has small wheels',
				'is pushed along with one foot',
				'has two wheels'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: 'truck',
			features: [
				'is very big',
				'carries goods',
				'is used for deliveries',
				'drives on roads',
				'pulls a trailer',
				'carries heavy loads'
			]
		},
		b: {
			word: 'van',
			features: [
				'is smaller',
				'carries goods',
				'is used for deliveries',
				'drives on roads',
				'has sliding side doors',
				'is used by tradespeople'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 2,
		a: {
			word: 'sailboat',
			features: ['is moved by wind', 'floats on water', 'is used for fun on lakes', 'has a mast']
		},
		b: {
			word: 'canoe',
			features: [
				'is paddled',
				'floats on water',
				'is used for fun on lakes',
				'is long and narrow',
				'holds one or two people'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: 'elevator',
			features: [
				'is a closed box',
				'moves people between floors',
				'is found in malls',
				'is powered by electricity',
				'has buttons for each floor'
			]
		},
		b: {
			word: 'escalator',
			features: [
				'is a moving staircase',
				'moves people between floors',
				'is found in malls',
				'is powered by electricity',
				'has steps that flatten'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 3,
		a: {
			word: 'cart',
			features: [
				'has two wheels',
				'has wheels',
				'is pulled by animals or people',
				'carries loads',
				'is small'
			]
		},
		b: {
			word: 'wagon',
			features: [
				'has four wheels',
				'has wheels',
				'is pulled by animals or people',
				'carries loads',
				'was used by pioneers'
			]
		}
	},
	{
		category: 'transport',
		difficulty: 1,
		a: {
			word: 'ferry',
			features: [
				'crosses rivers or bays',
				'travels on water',
				'carries people',
				'carries cars too',
				'runs on a timetable'
			]
		},
		b: {
			word: 'submarine',
			features: ['dives underwater', 'travels on water', 'carries people', 'uses a periscope']
		}
	},
	{
		category: 'transport',
		difficulty: 2,
		a: {
			word: 'rocket',
			features: [
				'launches straight up',
				'flies very fast',
				'has a powerful engine',
				'shoots out hot gas',
				'goes into space'
			]
		},
		b: {
			word: 'jet',
			features: [
				'is a fast aircraft',
				'flies very fast',
				'has a powerful engine',
				'shoots out hot gas',
				'has wings'
			]
		}
	},
	// sport
	{
		category: 'sport',
		difficulty: 2,
		a: {
			word: 'soccer',
			features: [
				'uses a round ball',
				'is played on a grass field',
				'is a team ball game',
				'bans touching the ball with hands',
				'has a goalkeeper'
			]
		},
		b: {
			word: 'rugby',
			features: [
				'uses an oval ball',
				'is played on a grass field',
				'is a team ball game',
				'has scrums',
				'lets players tackle'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: 'tennis',
			features: [
				'uses a fuzzy yellow ball',
				'is played with a racket',
				'has a net across the middle',
				'is played in singles or doubles',
				'is played on clay or grass'
			]
		},
		b: {
			word: 'badminton',
			features: [
				'uses a shuttlecock',
				'is played with a racket',
				'has a net across the middle',
				'is played in singles or doubles',
				'is played indoors'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 2,
		a: {
			word: 'basketball',
			features: [
				'shoots at a raised hoop',
				'is a team ball game',
				'is played indoors',
				'involves jumping high',
				'involves dribbling'
			]
		},
		b: {
			word: 'volleyball',
			features: [
				'has a high net',
				'is a team ball game',
				'is played indoors',
				'involves jumping high',
				'hits the ball over',
				'is played on sand too'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: 'swimming',
			features: ['races across lanes', 'happens in a pool', 'needs a swimsuit', 'uses strokes like the crawl']
		},
		b: {
			word: 'diving',
			features: [
				'starts from a high board',
				'happens in a pool',
				'needs a swimsuit',
				'involves flips and twists'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: 'skiing',
			features: [
				'uses two long planks and poles',
				'happens on snowy slopes',
				'uses a lift to go up',
				'needs goggles',
				'faces forward'
			]
		},
		b: {
			word: 'snowboarding',
			features: [
				'uses one wide board',
				'happens on snowy slopes',
				'uses a lift to go up',
				'needs goggles',
				'rides sideways'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 2,
		a: {
			word: 'golf',
			features: [
				'is played outdoors on grass',
				'hits a ball into a hole',
				'needs careful aim',
				'is quiet and calm',
				'uses clubs',
				'has eighteen holes'
			]
		},
		b: {
			word: 'billiards',
			features: [
				'is played on a table',
				'hits a ball into a hole',
				'needs careful aim',
				'is quiet and calm',
				'uses a cue'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: 'baseball',
			features: [
				'has four bases',
				'uses a bat and ball',
				'has a pitcher or bowler',
				'is played on a big field',
				'is popular in america'
			]
		},
		b: {
			word: 'cricket',
			features: [
				'has wickets',
				'uses a bat and ball',
				'has a pitcher or bowler',
				'is played on a big field',
				'can last for days',
				'is popular in england and india'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: 'marathon',
			features: [
				'is very long',
				'is a running race',
				'happens in athletics',
				'tests endurance',
				'goes through city streets'
			]
		},
		b: {
			word: 'sprint',
			features: [
				'is very short',
				'is a running race',
				'happens in athletics',
				'is all about speed',
				'happens on a track'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: 'rowing',
			features: [
				'uses oars',
				'is done on water',
				'works the arms hard',
				'is done facing backwards',
				'often has a crew of eight'
			]
		},
		b: {
			word: 'kayaking',
			features: [
				'uses a double-ended paddle',
				'is done on water',
				'works the arms hard',
				'faces forward',
				'is done in a small closed boat'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 3,
		a: {
			word: 'yoga',
			features: [
				'has poses with animal names',
				'is done on a mat',
				'improves flexibility',
				'is calm and slow',
				'includes breathing and meditation'
			]
		},
		b: {
			word: 'pilates',
			features: [
				'focuses on the core muscles',
				'is done on a mat',
				'improves flexibility',
				'is calm and slow',
				'can use special machines'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 2,
		a: {
			word: 'surfing',
			features: ['rides waves', 'happens at sea', 'depends on wind and weather', 'stands on a board']
		},
		b: {
			word: 'sailing',
			features: [
				'uses a mast and canvas',
				'happens at sea',
				'depends on wind and weather',
				'is done in a boat'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 2,
		a: {
			word: 'archery',
			features: [
				'uses a bow and arrows',
				'aims at a target',
				'scores by hitting the center',
				'is done outdoors'
			]
		},
		b: {
			word: 'darts',
			features: [
				'is thrown by hand',
				'aims at a target',
				'scores by hitting the center',
				'uses a round board on a wall'
			]
		}
	},
	{
		category: 'sport',
		difficulty: 2,
		a: {
			word: 'skating',
			features: ['can be done alone', 'happens on ice', 'needs boots with blades', 'includes spins and jumps']
		},
		b: {
			word: 'hockey',
			features: ['uses sticks and a puck', 'happens on ice', 'needs boots with blades', 'is a team game']
		}
	},
	// nature
	{
		category: 'nature',
		difficulty: 2,
		a: {
			word: 'rain',
			features: [
				'is wet and liquid',
				'falls from clouds',
				'is a kind of weather',
				'is made of water',
				'makes puddles'
			]
		},
		b: {
			word: 'snow',
			features: [
				'is white and cold',
				'falls from clouds',
				'is a kind of weather',
				'is made of water',
				'comes down as soft flakes',
				'is rolled into big balls'
			]
		}
	},
	{
		category: 'nature',
		difficulty: 2,
		a: { word: 'sun', features: ['shines in the day', 'shines in the sky', 'is round', 'gives heat'] },
		b: {
			word: 'moon',
			features: [
				'shines at night',
				'shines in the sky',
				'is round',
				'changes shape each month',
				'controls tides'
			]
		}
	},
	{
		category: 'nature',
		difficulty: 2,
		a: {
			word: 'river',
			features: ['flows to the sea', 'is fresh water', 'has fish in it', 'has banks on both sides']
		},
		b: {
			word: 'lake',
			features: ['is still water', 'is fresh water', 'has fish in it', 'is surrounded by land']
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: {
			word: 'mountain',
			features: ['is very tall', 'rises above the land', 'is climbed by hikers', 'has a rocky peak']
		},
		b: {
			word: 'hill',
			features: [
				'is small and gentle',
				'rises above the land',
				'is climbed by hikers',
				'is rolled down by kids'
			]
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: {
			word: 'ocean',
			features: [
				'is vast',
				'is salty water',
				'has waves',
				'has whales and fish',
				'covers huge areas of the planet'
			]
		},
		b: {
			word: 'sea',
			features: [
				'is partly enclosed by land',
				'is salty water',
				'has waves',
				'has whales and fish',
				'is smaller'
			]
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: {
			word: 'forest',
			features: [
				'can be cool and temperate',
				'is full of trees',
				'is home to many animals',
				'has pine and oak trees'
			]
		},
		b: {
			word: 'jungle',
			features: ['is hot and humid', 'is full of trees', 'is home to many animals', 'has vines and parrots']
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: {
			word: 'cloud',
			features: [
				'floats high in the sky',
				'is made of tiny water drops',
				'is white or grey',
				'comes in fluffy shapes'
			]
		},
		b: {
			word: 'fog',
			features: [
				'lies close to the ground',
				'is made of tiny water drops',
				'is white or grey',
				'makes it hard to see'
			]
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: {
			word: 'thunder',
			features: [
				'is a loud rumbling sound',
				'happens during storms',
				'frightens pets',
				'comes after the flash'
			]
		},
		b: {
			word: 'lightning',
			features: ['is a bright flash', 'happens during storms', 'frightens pets', 'can strike tall trees']
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: {
			word: 'rose',
			features: [
				'has thorns on the stem',
				'is a garden flower',
				'blooms in spring or summer',
				'is given as a gift',
				'is a symbol of love'
			]
		},
		b: {
			word: 'tulip',
			features: [
				'is shaped like a cup',
				'is a garden flower',
				'blooms in spring or summer',
				'is given as a gift',
				'is linked to the netherlands',
				'grows from a bulb'
			]
		}
	},
	{
		category: 'nature',
		difficulty: 2,
		a: {
			word: 'sunflower',
			features: [
				'is very tall',
				'is a flower with many petals',
				'grows in fields',
				'turns toward the light',
				'gives seeds to snack on'
			]
		},
		b: {
			word: 'daisy',
			features: [
				'is small with white petals',
				'is a flower with many petals',
				'grows in fields',
				'is picked to make chains'
			]
		}
	},
	{
		category: 'nature',
		difficulty: 2,
		a: {
			word: 'volcano',
			features: [
				'spits lava',
				'erupts from the ground',
				'is heated deep underground',
				'is a mountain with a crater'
			]
		},
		b: {
			word: 'geyser',
			features: [
				'sprays hot water',
				'erupts from the ground',
				'is heated deep underground',
				'erupts on a schedule'
			]
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: {
			word: 'island',
			features: [
				'is surrounded by water on all sides',
				'is land near the sea',
				'has a long coastline',
				'is reached by boat or plane'
			]
		},
		b: {
			word: 'peninsula',
			features: ['is joined to the mainland on one side', 'is land near the sea', 'has a long coastline']
		}
	},
	{
		category: 'nature',
		difficulty: 3,
		a: { word: 'wind', features: ['can be strong', 'is moving air', 'rustles leaves', 'blows hats away'] },
		b: {
			word: 'breeze',
			features: ['is light and gentle', 'is moving air', 'rustles leaves', 'feels cool in summer']
		}
	},
	{
		category: 'nature',
		difficulty: 2,
		a: {
			word: 'star',
			features: [
				'twinkles',
				'is seen in the night sky',
				'is in space',
				'makes its own light',
				'is a ball of burning gas'
			]
		},
		b: {
			word: 'planet',
			features: [
				'circles the sun',
				'is seen in the night sky',
				'is in space',
				'does not twinkle',
				'reflects light'
			]
		}
	},
	// music
	{
		category: 'music',
		difficulty: 2,
		a: {
			word: 'guitar',
			features: [
				'is strummed',
				'has strings',
				'is a musical instrument',
				'is made of wood',
				'has frets',
				'is played at campfires'
			]
		},
		b: {
			word: 'violin',
			features: [
				'is played with a bow',
				'has strings',
				'is a musical instrument',
				'is made of wood',
				'is held under the chin',
				'plays in orchestras'
			]
		}
	},
	{
		category: 'music',
		difficulty: 3,
		a: {
			word: 'piano',
			features: [
				'has hammers hitting strings',
				'has a keyboard',
				'has black and white keys',
				'is played with both hands',
				'stands in living rooms'
			]
		},
		b: {
			word: 'organ',
			features: [
				'has pipes',
				'has a keyboard',
				'has black and white keys',
				'is played with both hands',
				'has several rows of keys',
				'can be very loud in big halls'
			]
		}
	},
	{
		category: 'music',
		difficulty: 2,
		a: {
			word: 'drum',
			features: ['has a stretched skin', 'is hit to make sound', 'keeps the rhythm', 'is played with sticks']
		},
		b: {
			word: 'tambourine',
			features: ['has jingling metal discs', 'is hit to make sound', 'keeps the rhythm', 'is shaken']
		}
	},
	{
		category: 'music',
		difficulty: 3,
		a: {
			word: 'flute',
			features: [
				'is held sideways',
				'is a woodwind instrument',
				'is played by blowing',
				'has keys and holes',
				'has no reed',
				'sounds airy and bright'
			]
		},
		b: {
			word: 'clarinet',
			features: [
				'uses a reed',
				'is a woodwind instrument',
				'is played by blowing',
				'has keys and holes',
				'is black',
				'is held downward'
			]
		}
	},
	{
		category: 'music',
		difficulty: 3,
		a: {
			word: 'trumpet',
			features: [
				'has three valves',
				'is a brass instrument',
				'is played by buzzing lips',
				'is loud',
				'is small and bright'
			]
		},
		b: {
			word: 'trombone',
			features: [
				'has a sliding tube',
				'is a brass instrument',
				'is played by buzzing lips',
				'is loud',
				'has a deep sound'
			]
		}
	},
	{
		category: 'music',
		difficulty: 2,
		a: {
			word: 'harmonica',
			features: ['fits in a pocket', 'has reeds inside', 'is played with air', 'is played with the mouth']
		},
		b: {
			word: 'accordion',
			features: [
				'is squeezed with the arms',
				'has reeds inside',
				'is played with air',
				'has keys on the side'
			]
		}
	},
	{
		category: 'music',
		difficulty: 2,
		a: {
			word: 'song',
			features: ['can be about anything', 'is sung out loud', 'has words', 'has a tune', 'plays on the radio']
		},
		b: {
			word: 'lullaby',
			features: ['is soft and gentle', 'is sung out loud', 'has words', 'has a tune', 'sends babies to sleep']
		}
	},
	{
		category: 'music',
		difficulty: 2,
		a: {
			word: 'concert',
			features: [
				'can be any style',
				'is a musical performance',
				'happens in a big hall',
				'needs a ticket',
				'is often loud with crowds'
			]
		},
		b: {
			word: 'opera',
			features: [
				'tells a story through singing',
				'is a musical performance',
				'happens in a big hall',
				'needs a ticket',
				'has costumes and sets'
			]
		}
	},
	{
		category: 'music',
		difficulty: 2,
		a: {
			word: 'choir',
			features: [
				'only uses voices',
				'is a group of musicians',
				'performs together',
				'has a leader',
				'sings in parts'
			]
		},
		b: {
			word: 'band',
			features: [
				'plays instruments',
				'is a group of musicians',
				'performs together',
				'has a leader',
				'can be a rock group'
			]
		}
	},
	{
		category: 'music',
		difficulty: 2,
		a: {
			word: 'microphone',
			features: [
				'picks up your voice',
				'is used at concerts',
				'has a cable',
				'is part of a sound system',
				'is held near the mouth'
			]
		},
		b: {
			word: 'speaker',
			features: [
				'plays sound out loud',
				'is used at concerts',
				'has a cable',
				'is part of a sound system',
				'vibrates a cone'
			]
		}
	},
	{
		category: 'music',
		difficulty: 3,
		a: {
			word: 'cello',
			features: [
				'is big',
				'is a string instrument',
				'is played with a bow',
				'plays in orchestras',
				'is held between the knees',
				'rests on a spike'
			]
		},
		b: {
			word: 'viola',
			features: [
				'is held under the chin',
				'is a string instrument',
				'is played with a bow',
				'plays in orchestras',
				'is a bit bigger than a fiddle'
			]
		}
	},
	// clothing
	{
		category: 'clothing',
		difficulty: 3,
		a: {
			word: 'shirt',
			features: [
				'has a collar',
				'is worn on the upper body',
				'has buttons down the front',
				'has sleeves',
				'is worn with a tie'
			]
		},
		b: {
			word: 'blouse',
			features: [
				'is often silky',
				'is worn on the upper body',
				'has buttons down the front',
				'has sleeves',
				'has frills or ruffles'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: {
			word: 'sweater',
			features: [
				'is knitted',
				'keeps you warm',
				'is worn over other clothes',
				'has long sleeves',
				'is pulled over the head',
				'is made of wool'
			]
		},
		b: {
			word: 'jacket',
			features: [
				'has a zip or buttons',
				'keeps you warm',
				'is worn over other clothes',
				'has long sleeves',
				'has pockets',
				'is worn outdoors'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: {
			word: 'scarf',
			features: [
				'is long and narrow',
				'is made of soft fabric',
				'keeps you warm',
				'is wrapped around the neck'
			]
		},
		b: {
			word: 'shawl',
			features: [
				'is wide',
				'is made of soft fabric',
				'keeps you warm',
				'is draped over the shoulders',
				'is often elegant'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: {
			word: 'glove',
			features: [
				'has separate fingers',
				'is worn on the hand',
				'keeps fingers warm',
				'comes in pairs',
				'is worn for sports too'
			]
		},
		b: {
			word: 'mitten',
			features: [
				'has one space for all fingers',
				'is worn on the hand',
				'keeps fingers warm',
				'comes in pairs',
				'is popular with children'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: {
			word: 'boot',
			features: [
				'covers the ankle',
				'is worn on the foot',
				'has laces',
				'comes in pairs',
				'is worn in rain or snow'
			]
		},
		b: {
			word: 'sneaker',
			features: [
				'is soft and light',
				'is worn on the foot',
				'has laces',
				'comes in pairs',
				'is worn for sports'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: {
			word: 'sandal',
			features: [
				'has straps',
				'is worn on the foot',
				'is open and comfy',
				'is worn outside in summer',
				'is worn at the beach'
			]
		},
		b: {
			word: 'slipper',
			features: ['is soft and fluffy', 'is worn on the foot', 'is open and comfy', 'is worn indoors']
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: {
			word: 'skirt',
			features: ['starts at the waist', 'can have a flowing hem', 'is worn to parties', 'is worn with a top']
		},
		b: {
			word: 'dress',
			features: [
				'is one piece from top to bottom',
				'can have a flowing hem',
				'is worn to parties',
				'covers the shoulders'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: {
			word: 'coat',
			features: [
				'is thick and warm',
				'is worn over other clothes',
				'has long sleeves',
				'has buttons or a zip',
				'is worn in winter'
			]
		},
		b: {
			word: 'poncho',
			features: [
				'is waterproof',
				'is worn over other clothes',
				'has long sleeves',
				'has buttons or a zip',
				'often has a hood',
				'is worn in wet weather'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: {
			word: 'belt',
			features: [
				'goes around the waist',
				'is a long strip',
				'is an accessory',
				'holds trousers up',
				'has a buckle'
			]
		},
		b: {
			word: 'tie',
			features: [
				'hangs from the collar',
				'is a long strip',
				'is an accessory',
				'is worn with a suit',
				'is knotted'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 2,
		a: {
			word: 'jeans',
			features: [
				'is made of blue denim',
				'is worn on the legs',
				'has pockets',
				'has a waistband',
				'covers the whole leg'
			]
		},
		b: {
			word: 'shorts',
			features: [
				'ends above the knee',
				'is worn on the legs',
				'has pockets',
				'has a waistband',
				'is worn in hot weather'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: {
			word: 'sock',
			features: [
				'is short',
				'is worn on the foot',
				'is thin fabric',
				'comes in pairs',
				'is worn inside shoes'
			]
		},
		b: {
			word: 'stocking',
			features: [
				'covers most of the leg',
				'is worn on the foot',
				'is thin fabric',
				'comes in pairs',
				'is very thin and sheer'
			]
		}
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: {
			word: 'necklace',
			features: ['is worn around the neck', 'is jewelry', 'has a clasp', 'can have beads or charms']
		},
		b: {
			word: 'bracelet',
			features: ['is worn around the wrist', 'is jewelry', 'has a clasp', 'can have beads or charms']
		}
	},
	{
		category: 'clothing',
		difficulty: 3,
		a: {
			word: 'umbrella',
			features: ['keeps off rain', 'is opened above the head', 'folds up', 'has a handle', 'is often black']
		},
		b: {
			word: 'parasol',
			features: [
				'gives shade on sunny days',
				'is opened above the head',
				'folds up',
				'has a handle',
				'is decorative'
			]
		}
	},
	// school
	{
		category: 'school',
		difficulty: 3,
		a: {
			word: 'marker',
			features: [
				'uses ink',
				'is used for writing',
				'is held in the hand',
				'is kept in a case',
				'is hard to erase'
			]
		},
		b: {
			word: 'pencil',
			features: [
				'is made of wood and graphite',
				'is used for writing',
				'is held in the hand',
				'is kept in a case',
				'is kept pointy',
				'can be erased'
			]
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'ruler',
			features: [
				'is straight',
				'is used in math class',
				'has markings for measuring',
				'is made of clear plastic',
				'measures length'
			]
		},
		b: {
			word: 'protractor',
			features: [
				'is half a circle',
				'is used in math class',
				'has markings for measuring',
				'is made of clear plastic',
				'measures angles'
			]
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'notebook',
			features: ['is used for class notes', 'has many pages', 'is written in', 'has lined pages']
		},
		b: {
			word: 'diary',
			features: [
				'holds private thoughts',
				'has many pages',
				'is written in',
				'has a page for each day',
				'sometimes has a lock'
			]
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'stapler',
			features: [
				'pushes metal staples through',
				'holds sheets of paper together',
				'sits on an office desk',
				'is pressed down with a thump'
			]
		},
		b: {
			word: 'paperclip',
			features: [
				'is a small bent wire',
				'holds sheets of paper together',
				'sits on an office desk',
				'slides on without holes'
			]
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'chalk',
			features: [
				'is used on a blackboard',
				'is used for drawing',
				'comes in many colors',
				'wears down as you use it',
				'is dusty',
				'is used on pavements'
			]
		},
		b: {
			word: 'crayon',
			features: [
				'is made of wax',
				'is used for drawing',
				'comes in many colors',
				'wears down as you use it',
				'is used by children'
			]
		}
	},
	{
		category: 'school',
		difficulty: 3,
		a: {
			word: 'desk',
			features: ['is used for work', 'has a flat top', 'has legs', 'is made of wood', 'has drawers']
		},
		b: {
			word: 'table',
			features: [
				'is used for meals',
				'has a flat top',
				'has legs',
				'is made of wood',
				'is in the dining room'
			]
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'backpack',
			features: ['has two shoulder straps', 'carries your things', 'has zips', 'is carried to school']
		},
		b: {
			word: 'suitcase',
			features: [
				'has wheels',
				'carries your things',
				'has zips',
				'is used for travel',
				'is packed for holidays'
			]
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'exam',
			features: ['is taken in a quiet hall', 'is given by teachers', 'is graded', 'has a time limit']
		},
		b: {
			word: 'homework',
			features: ['is done after school', 'is given by teachers', 'is graded', 'is often due the next day']
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'calculator',
			features: ['is small and handheld', 'does math', 'has a screen', 'needs power', 'has number buttons']
		},
		b: {
			word: 'computer',
			features: [
				'has a keyboard and mouse',
				'does math',
				'has a screen',
				'needs power',
				'runs programs',
				'connects to the internet'
			]
		}
	},
	{
		category: 'school',
		difficulty: 3,
		a: {
			word: 'glue',
			features: ['is a liquid or stick', 'sticks things together', 'is used in crafts', 'dries clear']
		},
		b: {
			word: 'tape',
			features: ['comes on a roll', 'sticks things together', 'is used in crafts', 'is torn off']
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'map',
			features: ['is flat', 'shows countries and oceans', 'is used in geography class', 'can be folded']
		},
		b: {
			word: 'globe',
			features: ['is round', 'shows countries and oceans', 'is used in geography class', 'spins on a stand']
		}
	},
	{
		category: 'school',
		difficulty: 3,
		a: {
			word: 'blackboard',
			features: [
				'is dark',
				'hangs at the front of a classroom',
				'is written on by teachers',
				'is wiped clean',
				'makes dusty marks'
			]
		},
		b: {
			word: 'whiteboard',
			features: [
				'is bright',
				'hangs at the front of a classroom',
				'is written on by teachers',
				'is wiped clean',
				'is written on with markers'
			]
		}
	},
	{
		category: 'school',
		difficulty: 2,
		a: {
			word: 'envelope',
			features: [
				'is flat paper',
				'is sent by mail',
				'has an address written on it',
				'holds letters',
				'is sealed'
			]
		},
		b: {
			word: 'parcel',
			features: [
				'is a box',
				'is sent by mail',
				'has an address written on it',
				'is wrapped',
				'holds gifts or goods'
			]
		}
	},
	// body
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'hand',
			features: [
				'is used for holding',
				'has five digits',
				'is at the end of a limb',
				'has nails',
				'has a thumb',
				'waves hello'
			]
		},
		b: {
			word: 'foot',
			features: [
				'is used for walking',
				'has five digits',
				'is at the end of a limb',
				'has nails',
				'has a heel',
				'goes in a shoe'
			]
		}
	},
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'eye',
			features: ['is used for seeing', 'is on the head', 'comes in pairs', 'is a sense organ', 'can blink']
		},
		b: {
			word: 'ear',
			features: [
				'is used for listening',
				'is on the head',
				'comes in pairs',
				'is a sense organ',
				'sticks out from the side'
			]
		}
	},
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'tooth',
			features: [
				'is hard and white',
				'is inside the mouth',
				'helps you chew',
				'is brushed',
				'can get cavities'
			]
		},
		b: {
			word: 'tongue',
			features: [
				'is soft and pink',
				'is inside the mouth',
				'helps you chew',
				'tastes flavors',
				'can be stuck out'
			]
		}
	},
	{
		category: 'body',
		difficulty: 3,
		a: {
			word: 'knee',
			features: [
				'is in the middle of the leg',
				'is a joint',
				'bends',
				'can be scraped in a fall',
				'is knelt on'
			]
		},
		b: {
			word: 'elbow',
			features: [
				'is in the middle of the arm',
				'is a joint',
				'bends',
				'can be scraped in a fall',
				'is pointy'
			]
		}
	},
	{
		category: 'body',
		difficulty: 3,
		a: {
			word: 'hair',
			features: ['grows on top of the head', 'can be trimmed', 'can go grey', 'is brushed and combed']
		},
		b: {
			word: 'beard',
			features: ['grows on the chin', 'can be trimmed', 'can go grey', 'is shaved off by some men']
		}
	},
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'fever',
			features: [
				'makes you feel very hot',
				'is a sign of illness',
				'is common in winter',
				'is checked with a thermometer'
			]
		},
		b: {
			word: 'cough',
			features: ['makes a harsh noise', 'is a sign of illness', 'is common in winter', 'bothers the throat']
		}
	},
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'heart',
			features: [
				'pumps blood',
				'is in the chest',
				'is a vital organ',
				'works all the time',
				'beats',
				'is a symbol of love'
			]
		},
		b: {
			word: 'lung',
			features: [
				'breathes in air',
				'is in the chest',
				'is a vital organ',
				'works all the time',
				'comes in pairs'
			]
		}
	},
	{
		category: 'body',
		difficulty: 3,
		a: {
			word: 'bandage',
			features: ['is a long strip of cloth', 'covers a wound', 'is used in first aid', 'is wrapped around']
		},
		b: {
			word: 'plaster',
			features: ['is small and sticky', 'covers a wound', 'is used in first aid', 'is put on small cuts']
		}
	},
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'vitamin',
			features: ['is found in fruit', 'is taken to stay healthy', 'can be a pill', 'is taken daily']
		},
		b: {
			word: 'medicine',
			features: ['is prescribed', 'is taken to stay healthy', 'can be a pill', 'treats illness']
		}
	},
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'finger',
			features: [
				'is on the hand',
				'has a nail',
				'is a digit',
				'bends at small joints',
				'wears rings',
				'points at things'
			]
		},
		b: {
			word: 'toe',
			features: ['is on the foot', 'has a nail', 'is a digit', 'bends at small joints', 'is hidden in socks']
		}
	},
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'sneeze',
			features: [
				'shoots air out',
				'happens without trying',
				'opens the mouth wide',
				'is caused by dust or pollen'
			]
		},
		b: {
			word: 'yawn',
			features: ['happens when tired', 'happens without trying', 'opens the mouth wide', 'is contagious']
		}
	},
	{
		category: 'body',
		difficulty: 2,
		a: {
			word: 'bone',
			features: ['is hard and white', 'is inside the body', 'helps you move', 'can break', 'forms a skeleton']
		},
		b: {
			word: 'muscle',
			features: [
				'is soft and strong',
				'is inside the body',
				'helps you move',
				'grows with exercise',
				'can feel sore'
			]
		}
	},
	// hobby
	{
		category: 'hobby',
		difficulty: 3,
		a: {
			word: 'chess',
			features: [
				'has kings queens and knights',
				'is played on a squared board',
				'is a game for two',
				'has pieces that capture',
				'is very strategic'
			]
		},
		b: {
			word: 'checkers',
			features: [
				'uses round flat pieces',
				'is played on a squared board',
				'is a game for two',
				'has pieces that capture',
				'is simpler'
			]
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'puzzle',
			features: [
				'has pieces to fit together',
				'is a brain teaser',
				'needs clever thinking',
				'is done on a table'
			]
		},
		b: {
			word: 'riddle',
			features: ['is a tricky question', 'is a brain teaser', 'needs clever thinking', 'is told out loud']
		}
	},
	{
		category: 'hobby',
		difficulty: 3,
		a: {
			word: 'painting',
			features: ['uses brushes and colors', 'is an art hobby', 'is done on paper or canvas']
		},
		b: {
			word: 'drawing',
			features: ['uses pencils', 'is an art hobby', 'is done on paper or canvas', 'is done with lines']
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'fishing',
			features: ['uses a rod and bait', 'is done outdoors', 'often happens by a lake', 'needs patience']
		},
		b: {
			word: 'camping',
			features: [
				'involves sleeping in a tent',
				'is done outdoors',
				'often happens by a lake',
				'has a campfire'
			]
		}
	},
	{
		category: 'hobby',
		difficulty: 3,
		a: {
			word: 'knitting',
			features: [
				'uses two long needles',
				'is done with fabric or yarn',
				'uses needles',
				'makes sweaters and scarves'
			]
		},
		b: {
			word: 'sewing',
			features: [
				'uses thread',
				'is done with fabric or yarn',
				'uses needles',
				'joins pieces of cloth',
				'can use a machine'
			]
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'kite',
			features: [
				'is flown on windy days',
				'floats in the air',
				'is colorful',
				'is held by a string',
				'has a tail'
			]
		},
		b: {
			word: 'balloon',
			features: [
				'is filled with air or gas',
				'floats in the air',
				'is colorful',
				'is held by a string',
				'can pop',
				'is given at parties'
			]
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'reading',
			features: ['is done with your eyes', 'involves words', 'is learned at school', 'is quiet']
		},
		b: {
			word: 'writing',
			features: ['is done with a pen', 'involves words', 'is learned at school', 'creates stories']
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'hiking',
			features: ['means walking long trails', 'is done outdoors', 'needs good boots', 'follows marked paths']
		},
		b: {
			word: 'climbing',
			features: ['goes straight up walls or rocks', 'is done outdoors', 'needs good boots', 'uses ropes']
		}
	},
	{
		category: 'hobby',
		difficulty: 3,
		a: {
			word: 'cooking',
			features: ['happens on a stove', 'is done in a kitchen', 'follows recipes', 'uses pots and pans']
		},
		b: {
			word: 'baking',
			features: ['happens in an oven', 'is done in a kitchen', 'follows recipes', 'makes bread and cakes']
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'origami',
			features: [
				'folds paper into shapes',
				'is a traditional art',
				'needs a lot of patience',
				'uses paper',
				'makes cranes and frogs'
			]
		},
		b: {
			word: 'calligraphy',
			features: [
				'is beautiful handwriting',
				'is a traditional art',
				'needs a lot of patience',
				'uses paper',
				'uses a brush and ink'
			]
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'doll',
			features: [
				'is played with by children',
				'is a toy figure',
				'has a face and clothes',
				'has hair to brush'
			]
		},
		b: {
			word: 'puppet',
			features: [
				'is moved by strings or a hand',
				'is a toy figure',
				'has a face and clothes',
				'performs in shows'
			]
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'swing',
			features: ['moves back and forth', 'is found in a playground', 'is loved by kids', 'hangs from chains']
		},
		b: {
			word: 'slide',
			features: ['is sloped', 'is found in a playground', 'is loved by kids', 'is climbed by a ladder']
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'picnic',
			features: ['is eaten on a blanket', 'is a meal outdoors', 'is fun with friends', 'uses a basket']
		},
		b: {
			word: 'barbecue',
			features: ['uses a grill', 'is a meal outdoors', 'is fun with friends', 'cooks meat over coals']
		}
	},
	{
		category: 'hobby',
		difficulty: 2,
		a: {
			word: 'film',
			features: ['has real actors', 'is watched on a screen', 'tells a story', 'is shown in cinemas']
		},
		b: {
			word: 'cartoon',
			features: [
				'is drawn or animated',
				'is watched on a screen',
				'tells a story',
				'is popular with children'
			]
		}
	}
];
