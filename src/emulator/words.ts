/** Invented vocabulary for the generated catalogue: no real product or brand names. */

export const THEME_FIRST = [
  'Star',
  'Castle',
  'Harbour',
  'Rocket',
  'Jungle',
  'Desert',
  'Arctic',
  'Pirate',
  'Robot',
  'Dragon',
  'City',
  'Ocean',
  'Sky',
  'Forest',
  'Knight',
  'Galaxy',
  'Circus',
  'Railway',
  'Racing',
  'Space',
  'Farm',
  'Dino',
  'Ninja',
  'Wizard',
  'Mountain',
  'Island',
  'Canyon',
  'Crystal',
  'Thunder',
  'Comet'
] as const

export const THEME_SECOND = [
  'Voyagers',
  'Realms',
  'Explorers',
  'Builders',
  'Rangers',
  'Legends',
  'Patrol',
  'Quest',
  'Works',
  'Squad',
  'Frontier',
  'Kingdom',
  'Academy',
  'Station',
  'Riders',
  'Masters',
  'Heroes',
  'Garage',
  'Outpost',
  'Expedition'
] as const

export const THEME_GROUPS = [
  'Action/Adventure',
  'Modern day',
  'Historical',
  'Model making',
  'Pre-school',
  'Technical',
  'Junior',
  'Basic',
  'Educational',
  'Miscellaneous',
  'Licensed',
  'Constraction'
] as const

export const SUBTHEME_WORDS = [
  'Collector Series',
  'Starter Packs',
  'Micro Builds',
  'Battle Packs',
  'Vehicles',
  'Buildings',
  'Creatures',
  'Outposts',
  'Promotional',
  'Seasonal',
  'Key Chains',
  'Supplementary',
  'Playsets',
  'Minis',
  'Expert',
  'Classic',
  'Deluxe',
  'Mission Packs',
  'Adventure Camp',
  'Bases'
] as const

export const NAME_ADJ = [
  'Mighty',
  'Hidden',
  'Golden',
  'Swift',
  'Ancient',
  'Giant',
  'Tiny',
  'Silent',
  'Crimson',
  'Frozen',
  'Flying',
  'Mobile',
  'Secret',
  'Royal',
  'Rapid',
  'Brave',
  'Lunar',
  'Solar',
  'Stormy',
  'Rusty',
  "Captain's",
  "Explorer's",
  "Wizard's",
  'Deep-Sea',
  'Turbo'
] as const

export const NAME_NOUN = [
  'Falcon',
  'Fortress',
  'Lighthouse',
  'Cruiser',
  'Outpost',
  'Tower',
  'Workshop',
  'Shuttle',
  'Galleon',
  'Bridge',
  'Market',
  'Observatory',
  'Tram',
  'Hangar',
  'Submarine',
  'Dragon',
  'Temple',
  'Bakery',
  'Fire Station',
  'Racer',
  'Walker',
  'Base',
  'Harbour',
  'Camper',
  'Crane',
  'Train',
  'Castle',
  'Rover'
] as const

export const FIG_FIRST = [
  'Ada',
  'Bram',
  'Cora',
  'Dex',
  'Edda',
  'Finn',
  'Gus',
  'Hana',
  'Ivo',
  'Juno',
  'Kai',
  'Lena',
  'Milo',
  'Nia',
  'Otto',
  'Pia',
  'Quin',
  'Rhea',
  'Sol',
  'Tove'
] as const

export const FIG_ROLE = [
  'Pilot',
  'Knight',
  'Diver',
  'Chef',
  'Ranger',
  'Astronaut',
  'Pirate',
  'Wizard',
  'Mechanic',
  'Explorer',
  'Guard',
  'Scientist',
  'Racer',
  'Firefighter',
  'Robot'
] as const

export const TAG_WORDS = [
  'vehicle',
  'building',
  'minifig-scale',
  'display',
  'playset',
  'modular',
  'microscale',
  'boat',
  'aircraft',
  'animal',
  'winter',
  'night',
  'lights',
  'sounds',
  'rare',
  'exclusive',
  'polybag',
  'gift set',
  'ucs',
  'starter'
] as const

export const REVIEW_TITLES = [
  'Great build',
  'Fun for all ages',
  'Solid value',
  'A bit fiddly',
  'Beautiful display piece',
  'Not my favourite',
  'Brilliant parts pack',
  'Clever techniques & tricks',
  'Worth the wait',
  'Good, not great'
] as const

export const AUTHORS = [
  'brickfan',
  'oldbuilder',
  'plate_stacker',
  'tileguy',
  'studqueen',
  'mocmaker'
] as const

export const PACKAGING = ['Box', 'Polybag', 'Blister pack', 'Bucket', 'Tub', 'Other'] as const
export const AVAILABILITY = [
  'Retail',
  'Retail - limited',
  'Exclusive',
  'Promotional',
  'Unknown'
] as const
export const CATEGORIES = ['Normal', 'Gear', 'Collection', 'Book', 'Random', 'Extended'] as const

/** In the user's sense (docs/protocol.md leaves them open): production answers these seven. */
export const CONDITIONS = [
  'Assembled',
  'Bagged up',
  'Boxed',
  'MISB',
  'Modified',
  'Parted out',
  'Unknown'
] as const
