/**
 * Real-looking English fiction for the demo catalogue: titles, blurbs, part titles,
 * chapter prose and profile bios, built from templates and hand-written word lists.
 * Every random choice goes through the Faker passed in, so a fixed seed and call
 * order always give the same catalogue.
 */
import { en, Faker } from "@faker-js/faker";
import { countWords, escapeHtml } from "@inkwell/shared";

export interface StoryContent {
  title: string;
  description: string;
  partTitles: string[];
}

export interface RenderedPart {
  /** `<p data-p-id="…">` paragraphs, joined with no separator. */
  html: string;
  wordCount: number;
}

// ---------------------------------------------------------------------------
// Templates: "{A}" is a character's name, "{A.his}" / "{A.He}" its pronouns,
// "{place}" a word slot, "{Place}" the same word capitalised.

interface Character {
  name: string;
  he: string;
  him: string;
  his: string;
  himself: string;
}

type Pronoun = "he" | "him" | "his" | "himself";
type Vars = Readonly<Record<string, string | Character>>;

const PRONOUNS: Readonly<Record<"female" | "male", Omit<Character, "name">>> = {
  female: { he: "she", him: "her", his: "her", himself: "herself" },
  male: { he: "he", him: "him", his: "his", himself: "himself" },
};

function isPronoun(field: string): field is Pronoun {
  return field === "he" || field === "him" || field === "his" || field === "himself";
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slotValue(vars: Vars, key: string, field: string | undefined): string {
  const exact = vars[key];
  const value = exact ?? vars[key.toLowerCase()];
  if (value === undefined) throw new Error(`Unknown template slot {${key}}`);
  if (typeof value === "string") {
    // "{Place}" asks for the "place" word capitalised, e.g. at the start of a sentence.
    return exact === undefined ? capitalize(value) : value;
  }
  if (field === undefined) return value.name;
  const pronoun = field.toLowerCase();
  if (!isPronoun(pronoun)) throw new Error(`Unknown pronoun {${key}.${field}}`);
  return field === pronoun ? value[pronoun] : capitalize(value[pronoun]);
}

function render(template: string, vars: Vars): string {
  return template.replace(
    /\{(\w+)(?:\.(\w+))?\}/g,
    (_slot, key: string, field: string | undefined) => slotValue(vars, key, field),
  );
}

function character(faker: Faker): Character {
  const sex = faker.helpers.arrayElement(["female", "male"] as const);
  return { name: faker.person.firstName(sex), ...PRONOUNS[sex] };
}

/** Characters with distinct first names, so "Mara told Mara" never happens. */
function cast(faker: Faker, size: number): Character[] {
  const people: Character[] = [];
  // The retry cap only matters for a name source that keeps repeating (a stubbed Faker).
  for (let draws = 0; people.length < size; draws++) {
    const person = character(faker);
    if (draws >= 50 || !people.some((other) => other.name === person.name)) people.push(person);
  }
  return people;
}

function castVars(faker: Faker, size: number): Record<string, Character> {
  const vars: Record<string, Character> = {};
  cast(faker, size).forEach((person, i) => {
    vars[String.fromCharCode(65 + i)] = person;
  });
  return vars;
}

// ---------------------------------------------------------------------------
// Places shared by every genre.

const PLACE_STEMS = [
  "Harrow",
  "Willow",
  "Raven",
  "Thorn",
  "Ash",
  "Black",
  "Wren",
  "Kestrel",
  "Briar",
  "Elm",
  "Marrow",
  "Lark",
  "Cinder",
  "Fox",
  "Grey",
  "Salt",
  "Hollin",
  "Stone",
] as const;
const TOWN_ENDINGS = [
  "ford",
  "bridge",
  "mere",
  "wick",
  "bury",
  "field",
  " Falls",
  " Bay",
  " Harbor",
  " Hollow",
  "haven",
] as const;
const LANDMARK_ENDINGS = [
  " Lane",
  " Street",
  " House",
  " Hall",
  "wood Manor",
  " Point",
  " Cottage",
  " Road",
  "gate",
] as const;

function town(faker: Faker): string {
  return faker.helpers.arrayElement(PLACE_STEMS) + faker.helpers.arrayElement(TOWN_ENDINGS);
}

function landmark(faker: Faker): string {
  return faker.helpers.arrayElement(PLACE_STEMS) + faker.helpers.arrayElement(LANDMARK_ENDINGS);
}

// ---------------------------------------------------------------------------
// Genres. Each mood supplies title words and blurb sentences; blurbs are
// setup + turn (+ stakes) (+ hook), like the back of a paperback.

interface Mood {
  nouns: readonly string[];
  plurals: readonly string[];
  adjectives: readonly string[];
  roles: readonly string[];
  kin: readonly string[];
  titles: readonly string[];
  /** Blurb settings; generated small towns when absent. */
  places?: readonly string[];
  setups: readonly string[];
  turns: readonly string[];
  stakes: readonly string[];
  hooks: readonly string[];
  /** Chapters of a poetry collection are poems, so they get plain titles. */
  poems?: boolean;
}

const ROMANCE: Mood = {
  nouns: ["Heart", "Promise", "Summer", "Kiss", "Letter", "Secret", "Wedding", "Bookshop"],
  plurals: ["Hearts", "Promises", "Summers", "Letters", "Secrets", "Roses", "Vows", "Sparks"],
  adjectives: ["Sweet", "Reckless", "Borrowed", "Perfect", "Unexpected", "Golden", "Stolen"],
  roles: ["Billionaire", "Bodyguard", "Florist", "Baker", "Best Man", "Bookseller", "Rival"],
  kin: ["Daughter", "Sister", "Promise", "Secret", "Bride", "Heart"],
  titles: [
    "The {role} Next Door",
    "Falling for the {role}",
    "Love and Other {plural}",
    "One {adjective} Summer",
    "Say Yes to the {role}",
    "Kiss Me at {landmark}",
    "The {adjective} Arrangement",
    "A {noun} in {town}",
  ],
  setups: [
    "{A} has exactly one rule: never fall for a client.",
    "When {A} inherits a crumbling bookshop in {place}, the last thing {A.he} expects is the infuriating, impossibly charming stranger who comes with it.",
    "{A} left {place} at eighteen and swore {A.he} would never come back.",
    "{A} agreed to fake-date {B} for one summer, and not a single day longer.",
    "{A} and {B} have hated each other since the fourth grade, which makes being stuck in the same wedding party a special kind of torture.",
    "After a very public breakup, {A} moves to {place} with nothing but a suitcase and a secondhand bicycle.",
    "Every Thursday, {A} leaves a note in the same library book, and every Friday, someone writes back.",
  ],
  turns: [
    "Then {B} walks back into {A.his} life, older, quieter and carrying a secret that could change everything.",
    "But {B} is nothing like the rumors, and the more time they spend together, the harder it gets to remember why this was a bad idea.",
    "The plan is simple: one month, a few photos and a convincing story for the family.",
    "{B}, the grumpy carpenter next door, is not impressed.",
    "Now a storm has closed every road out of town, and the only room left has one bed.",
    "What starts as a bet quickly becomes something neither of them can afford to lose.",
  ],
  stakes: [
    "But the past has a way of catching up, and {A} is running out of places to hide.",
    "Between meddling friends, a disastrous dinner party and one very stubborn cat, falling in love was never part of the plan.",
    "Some promises are made to be broken, and some are worth waiting a lifetime for.",
  ],
  hooks: [
    "Can {A} risk {A.his} heart on a second chance?",
    "Is it still pretend if it feels this real?",
    "Will {A} choose the life {A.he} planned, or the one {A.he} never saw coming?",
    "What happens when the deal ends and the feelings don't?",
  ],
};

const FANTASY: Mood = {
  nouns: ["Crown", "Throne", "Dragon", "Blade", "Oath", "Tower", "Ember", "Citadel", "Prophecy"],
  plurals: ["Ashes", "Embers", "Crowns", "Thorns", "Shadows", "Ravens", "Runes", "Ruins", "Wings"],
  adjectives: ["Ninth", "Fallen", "Forgotten", "Silver", "Shattered", "Iron", "Crimson", "Gilded"],
  roles: ["Sorceress", "Dragon Rider", "Blacksmith", "Witch Queen", "Alchemist", "Oracle", "Thief"],
  kin: ["Daughter", "Heir", "Apprentice", "Oath", "Curse", "Shadow"],
  titles: [
    "Ashes of the {adjective} Kingdom",
    "A Court of {plural} and {plural2}",
    "Heir of {plural}",
    "Song of the {adjective} {noun}",
    "When the {plural} Burn",
    "The {adjective} Crown",
  ],
  places: [
    "the Ninth Kingdom",
    "the Emberlands",
    "the city of Valdris",
    "the Shattered Isles",
    "Eldmoor",
    "the kingdom of Aurenne",
    "the Thornwood",
  ],
  setups: [
    "For three hundred years, the dragons of {place} have slept beneath the mountains.",
    "{A} is a thief, a liar and the last person anyone would choose to save a kingdom.",
    "On the night of {A.his} eighteenth birthday, {A} wakes with a mark on {A.his} palm that hasn't been seen in a thousand years.",
    "In {place}, magic is rationed, and {A} has been stealing it since {A.he} was nine.",
    "{A} was raised to be a weapon for the crown, but {A.he} never expected to be handed the crown itself.",
    "The prophecy said a child of two kingdoms would end the war; nobody said the child would be {A}, a blacksmith's apprentice with a bad temper.",
  ],
  turns: [
    "When a stranger named {B} arrives carrying a map to a city that shouldn't exist, {A} is pulled into a quest that will test every loyalty {A.he} has.",
    "Now the wards are failing, the old gods are stirring, and the only person who can help is {B}, the exile {A} once swore to kill.",
    "Bound by a blood oath to {B}, a sorcerer with secrets of {B.his} own, {A} must cross the Shattered Isles before the winter solstice.",
    "But the closer {A} gets to the truth, the clearer it becomes that the real enemy wears a crown.",
    "Hunted by the Queen's Guard and haunted by a voice only {A.he} can hear, {A} has one chance to set things right.",
  ],
  stakes: [
    "Alliances will shatter, kingdoms will burn, and nothing will be as it was.",
    "Magic always has a price, and this time it may cost {A} everything.",
    "The road ahead is long, and not everyone will survive it.",
  ],
  hooks: [
    "Can a thief save a kingdom that never wanted {A.him}?",
    "What would you sacrifice to change your fate?",
    "Is {B} an ally, or the very thing {A} was sent to destroy?",
    "Will {A} break the curse, or become it?",
  ],
};

const MYSTERY: Mood = {
  nouns: ["Lighthouse", "Letter", "Key", "Alibi", "Witness", "Clock", "Cipher", "Diary", "Locket"],
  plurals: ["Secrets", "Lies", "Footprints", "Whispers", "Bones", "Clues", "Confessions"],
  adjectives: ["Silent", "Missing", "Quiet", "Crooked", "Hidden", "Vanishing", "Drowned", "Locked"],
  roles: ["Lighthouse Keeper", "Vicar", "Housekeeper", "Coroner", "Gardener", "Clockmaker"],
  kin: ["Daughter", "Secret", "Alibi", "Confession", "Widow"],
  titles: [
    "Midnight at {landmark}",
    "Murder at {landmark}",
    "The Case of the {adjective} {noun}",
    "Death Comes to {town}",
    "The {town} Murders",
    "A Quiet Death in {town}",
  ],
  setups: [
    "When a body washes up on the shore of {place}, {A} is the only one in town who doesn't believe it was an accident.",
    "{A} returns to {place} for {A.his} grandmother's funeral and finds a locked room, a missing will and a family that is lying about everything.",
    "Retired detective {A} has spent ten years tending roses in {place} and ignoring the news.",
    "Every night at 11:47, the phone in {A}'s bookshop rings, and no one is on the line.",
    "Twenty years ago, {A}'s best friend walked out of a party at the lake house outside {place} and was never seen again.",
    "{A} makes a living finding lost things: cats, wedding rings and the occasional husband.",
  ],
  turns: [
    "Then {B} turns up on {A.his} doorstep with a photograph that shouldn't exist.",
    "With the local police eager to close the case, {A} teams up with {B}, a sharp-tongued journalist with a grudge of {B.his} own.",
    "Now the same handwriting is appearing on letters delivered to {A}'s door.",
    "The clues point to someone {A} loves, and the truth may be the one thing {A.he} can't survive.",
    "But everyone in {place} has a secret, and someone is willing to kill to keep theirs buried.",
  ],
  stakes: [
    "As the suspects close ranks and a storm cuts the town off from the mainland, the killer is running out of patience.",
    "Each answer only leads to darker questions.",
    "The deeper {A} digs, the more it seems the past never really ended.",
  ],
  hooks: [
    "Who is lying, and who is next?",
    "What really happened that night?",
    "Can {A} find the truth before it finds {A.him}?",
    "How well do you really know your neighbors?",
  ],
};

const SCIENCE_FICTION: Mood = {
  nouns: ["Station", "Signal", "Orbit", "Colony", "Horizon", "Archive", "Frontier", "Eclipse"],
  plurals: ["Stars", "Signals", "Satellites", "Echoes", "Machines", "Ghosts", "Worlds", "Moons"],
  adjectives: ["Silent", "Artificial", "Distant", "Infinite", "Electric", "Outer", "Cold", "Zero"],
  roles: ["Navigator", "Android", "Pilot", "Engineer", "Ambassador", "Captain", "Archivist"],
  kin: ["Daughter", "Ghost", "Memory", "Clone", "Signal", "Log"],
  titles: [
    "Beyond the {adjective} {noun}",
    "{plural} of a {adjective} Sun",
    "Letters from the {adjective} Colony",
    "After the {noun}",
    "The Last Transmission",
    "{noun} Zero",
  ],
  places: [
    "Kepler Station",
    "the colony ship Meridian",
    "New Tycho",
    "the Europa outpost",
    "the outer colonies",
    "Titan Relay Nine",
  ],
  setups: [
    "In 2187, the last human colony drifts at the edge of charted space, and {A} is the only one who has noticed that the stars are going out.",
    "{A} wakes from cryosleep forty years too late, alone on a ship that should have reached {place} decades ago.",
    "On {place}, every citizen's memories are backed up nightly, and {A}'s job is to delete the ones that don't fit.",
    "{A} is a salvage pilot with a ruined ship, a mountain of debt and a talent for finding things that don't want to be found.",
    "When the signal first reached {place}, it was just a string of prime numbers.",
    "Humanity left Earth three hundred years ago, and {A} has just found proof that someone stayed behind.",
  ],
  turns: [
    "Then {B}, a stowaway with no record in any database, offers {A.him} a job that is too good to refuse and too dangerous to survive.",
    "Now the ship's AI is lying, the crew is disappearing one by one, and {A} is running out of oxygen and time.",
    "Teaming up with {B}, a disgraced engineer with a talent for breaking rules, {A} races to decode the message before the government buries it.",
    "But the answer {A} uncovers rewrites everything humanity believes about where it came from.",
    "When {A} finds {A.his} own name on a list of people who supposedly died in the Collapse, the questions become personal.",
  ],
  stakes: [
    "Across frozen moons and silent stations, the truth is waiting, and it is not friendly.",
    "Trust is a luxury in deep space, and {A} has never been able to afford it.",
    "The future of two worlds depends on a choice no one should have to make.",
  ],
  hooks: [
    "What if the message was never meant for us?",
    "How do you save a world that doesn't want saving?",
    "Are they alone out here, or were they never alone at all?",
    "What is a memory worth, if it can be rewritten?",
  ],
};

const HORROR: Mood = {
  nouns: ["House", "Well", "Doll", "Cellar", "Choir", "Attic", "Lantern", "Orchard", "Mirror"],
  plurals: ["Bones", "Teeth", "Whispers", "Shadows", "Crows", "Hands", "Graves", "Bells", "Moths"],
  adjectives: ["Hungry", "Hollow", "Drowned", "Crooked", "Pale", "Nameless", "Thirteenth", "Black"],
  roles: ["Gravedigger", "Caretaker", "Undertaker", "Night Nurse", "Babysitter", "Orphan"],
  kin: ["Daughter", "Doll", "Lullaby", "Bride", "Child", "Guest"],
  titles: [
    "The House on {landmark}",
    "Don't Open the {noun}",
    "They Live in the {noun}",
    "What Waits in {town}",
    "Nobody Sleeps in {town}",
    "{plural} in the {noun}",
  ],
  setups: [
    "The house on the hill above {place} has been empty for thirty years, and {A} has just signed the lease.",
    "Every child in {place} knows the rule: never answer when the woods call your name.",
    "{A} took the night shift at the old hospital because it paid double and nobody asked questions.",
    "After the funeral, {A} finds a box of cassette tapes in {A.his} mother's attic, each labeled with a date that hasn't happened yet.",
    "The new family at the end of {A}'s street never comes out during the day.",
    "{A} and {A.his} friends only meant to spend one night in the abandoned summer camp outside {place}.",
  ],
  turns: [
    "At first it's small things: doors that won't stay shut, a voice on the baby monitor, footprints in the frost leading to the cellar.",
    "When {B} disappears on the first night, {A} realizes the stories were never just stories.",
    "Now something is following {A} home, and it is learning to wear familiar faces.",
    "The locals won't talk, the phones don't work, and the only road out of town leads straight back in.",
    "{B}, the only other person who remembers what happened, begs {A} to leave before the bells ring again.",
  ],
  stakes: [
    "Some doors, once opened, can never be closed again.",
    "The dead are restless, and they remember everything.",
    "Whatever lives in the dark has waited a very long time for {A}.",
  ],
  hooks: [
    "Would you stay if the house wanted you to?",
    "What do you do when the monster knows your name?",
    "Can {A} survive until morning?",
    "Who, or what, is knocking?",
  ],
};

const ADVENTURE: Mood = {
  nouns: ["Map", "Compass", "Expedition", "Island", "Treasure", "Voyage", "Summit", "Temple"],
  plurals: ["Tides", "Islands", "Maps", "Rivers", "Winds", "Storms", "Pirates", "Sands"],
  adjectives: ["Lost", "Wild", "Uncharted", "Golden", "Sunken", "Endless", "Emerald", "Northern"],
  roles: ["Cartographer", "Explorer", "Smuggler", "Captain", "Treasure Hunter", "Stowaway"],
  kin: ["Map", "Compass", "Daughter", "Journal", "Voyage"],
  titles: [
    "Race to the {adjective} {noun}",
    "{plural} of Fortune",
    "The Secret of {landmark}",
    "Into the {adjective} {noun}",
    "Beyond the {adjective} {plural}",
  ],
  places: [
    "the Andes",
    "the Amazon basin",
    "the Sahara",
    "the Arctic Circle",
    "a chain of uncharted islands",
    "the old Silk Road",
  ],
  setups: [
    "{A} has spent {A.his} whole life hearing about the lost city {A.his} grandfather swore was real.",
    "When a storm wrecks {A.his} ship off a nameless island, {A} expects to die of thirst.",
    "{A} is a pilot for hire with a patched-up seaplane and a reputation for taking jobs nobody else will.",
    "The map was sewn into the lining of a secondhand coat, and {A} was not supposed to find it.",
    "{A} has never been farther from home than the next town, until a letter arrives with a one-way ticket to {place}.",
  ],
  turns: [
    "With {B}, a charming smuggler who may or may not be on {A.his} side, {A} sets out across {place} with a rival expedition close behind.",
    "What {A.he} finds instead is a cave full of old maps, a stranger named {B} and a secret someone has spent a century protecting.",
    "But the treasure is guarded by more than legend, and the people hunting it will stop at nothing.",
    "Now {A} has seven days to cross {place} before the monsoon closes every road.",
    "The job seems simple: fly {B} to the coast and ask no questions.",
  ],
  stakes: [
    "Between collapsing bridges, ancient traps and a rival who is always one step ahead, survival will take more than luck.",
    "Every mile takes {A} further from the person {A.he} used to be.",
    "Fortune favors the bold, but it rarely lets them keep what they find.",
  ],
  hooks: [
    "How far would you go for a legend?",
    "Will {A} find the treasure, or lose everything chasing it?",
    "What is waiting at the end of the map?",
    "Can {A} trust {B} with {A.his} life?",
  ],
};

const TEEN_FICTION: Mood = {
  nouns: ["Summer", "Year", "Locker", "Playlist", "Prom", "Party", "Yearbook", "Crush", "Dare"],
  plurals: ["Secrets", "Rumors", "Dares", "Notes", "Summers", "Lies", "Mistakes", "Heartbeats"],
  adjectives: ["Senior", "Awkward", "Secret", "Perfect", "Invisible", "Reckless", "Messy", "Loud"],
  roles: ["New Girl", "Quarterback", "Class President", "Drummer", "Exchange Student", "Bad Boy"],
  kin: ["Secret", "Sister", "Brother", "Playlist", "Diary", "Crush"],
  titles: [
    "The {adjective} Year",
    "Everything I Never Told {name}",
    "Senior Year and Other {plural}",
    "{plural} We Told",
    "How to Survive {adjective} Year",
    "The {noun} Pact",
  ],
  setups: [
    "{A} has survived three years of high school in {place} by being invisible.",
    "The list of the school's biggest secrets went viral at 2:14 a.m., and {A}'s name was at the top.",
    "{A} has one summer left before college to finally tell {B} the truth.",
    "New town, new school, same old rules: {A} keeps {A.his} head down and never gets attached.",
    "{A} and {B} made a pact in eighth grade: if they were both single at graduation, they'd go to prom together.",
  ],
  turns: [
    "Then a dare goes wrong, and {A} ends up partnered with {B}, the most popular, most annoying person in {place}.",
    "But when {B} transfers into {A.his} art class, {A}'s carefully planned year starts to fall apart.",
    "Now graduation is three weeks away, and everything {A} thought {A.he} knew about {A.his} friends is unraveling.",
    "Between a disastrous road trip, a stolen yearbook and a secret that could ruin everything, it's going to be a long year.",
    "When an anonymous account starts posting everyone's secrets, {A} decides to find out who is behind it.",
  ],
  stakes: [
    "Friendships will be tested, hearts will be broken, and at least one car will be borrowed without permission.",
    "Growing up was never supposed to be this complicated.",
    "Some secrets are too big to keep, and too dangerous to tell.",
  ],
  hooks: [
    "What would you risk for one perfect summer?",
    "Can {A} stay invisible when {B} can't stop looking?",
    "Is it too late to start over?",
    "What happens when the truth gets out?",
  ],
};

const HISTORICAL_FICTION: Mood = {
  nouns: ["Governess", "Letter", "Ballroom", "Estate", "Harvest", "Telegraph", "Armistice"],
  plurals: ["Letters", "Roses", "Soldiers", "Daughters", "Bells", "Sparrows", "Poppies", "Sisters"],
  adjectives: ["Forgotten", "Painted", "Silent", "Scarlet", "Northern", "Gilded", "Bitter", "Lost"],
  roles: ["Lighthouse Keeper", "Governess", "Duke", "Watchmaker", "Codebreaker", "Midwife"],
  kin: ["Daughter", "Widow", "Apprentice", "Promise", "Secret", "Son"],
  titles: [
    "Letters from {town}",
    "The Winter of {year}",
    "{plural} of {year}",
    "A {adjective} Season",
    "The House at {landmark}",
    "Daughters of the {adjective} {noun}",
  ],
  places: [
    "the Yorkshire Dales",
    "the Scottish Highlands",
    "rural Normandy",
    "the Cornish coast",
    "Vienna",
    "Boston",
  ],
  setups: [
    "London, 1889: {A} has two weeks to make a good marriage or lose the only home {A.he} has ever known.",
    "In the summer of 1914, {A} takes a position at a grand house in {place}.",
    "When the war takes {A.his} brothers, {A} takes their place at the family print shop, and at the secret presses hidden beneath it.",
    "{A} was the best codebreaker at Bletchley Park, and no one could ever know.",
    "{A} crossed the Atlantic with a borrowed name and a letter {A.he} was never supposed to deliver.",
  ],
  turns: [
    "But {B}, the estate's brooding heir, is hiding something in the locked east wing.",
    "As the war creeps closer, {A} is drawn into a world of coded letters, forged papers and a love that could get them both killed.",
    "When {B} returns from the front with no memory of {B.his} own name, {A} is the only one who recognizes {B.him}.",
    "Between the ballrooms of the wealthy and the alleys of the poor, {A} must decide which side {A.he} is truly on.",
    "Then {A} meets {B}, a stranger whose past is tangled with {A.his} own in ways neither of them can yet see.",
  ],
  stakes: [
    "History remembers the victors, but {A}'s story was never written down.",
    "In a world with no place for {A}, survival may mean becoming someone else entirely.",
    "Some letters take a lifetime to arrive.",
  ],
  hooks: [
    "What would you give up for the chance to choose your own life?",
    "Can love survive a world at war?",
    "Will the truth set {A} free, or destroy everything {A.he} loves?",
  ],
};

const HUMOR: Mood = {
  nouns: ["Disaster", "Goat", "Wedding", "Casserole", "Llama", "Heist", "Reunion", "Ferret"],
  plurals: ["Disasters", "Goats", "Mistakes", "Llamas", "Casseroles", "Catastrophes", "Neighbors"],
  adjectives: ["Terrible", "Accidental", "Ridiculous", "Unfortunate", "Questionable", "Chaotic"],
  roles: ["Dragon", "Ghost", "Wedding Planner", "Vampire", "Substitute Teacher", "Intern"],
  kin: ["Guide", "Roommate", "Day Off", "Diary", "Revenge"],
  titles: [
    "How to Lose a {noun}",
    "My Roommate Is a {role}",
    "The {adjective} Guide to {plural}",
    "{plural} and Other {plural2}",
    "Please Don't Feed the {plural}",
    "Never Trust a {noun}",
    "The {adjective} Life of {name}",
  ],
  setups: [
    "{A} has a foolproof plan to win back {A.his} ex: fake a glamorous new life on social media.",
    "When {A} accidentally summons a demon during a book club meeting, the biggest problem is that it won't stop reorganizing the kitchen.",
    "{A} is thirty-two, newly unemployed and living in {A.his} grandmother's spare room with a ferret named Gerald.",
    "The family reunion was supposed to be a quiet weekend in {place}.",
    "{A} has never won anything in {A.his} life, until {A.he} wins a goat.",
    "After one too many glasses of wine, {A} agrees to run the {place} bake sale.",
  ],
  turns: [
    "Unfortunately, {B} knows the truth and has a long list of demands.",
    "Then the goat eats the mayor's prize-winning pumpkin, and things escalate quickly.",
    "What follows involves a stolen ice cream truck, a wedding crashed by mistake and a deeply offended swan.",
    "With the help of {B}, {A.his} chronically honest best friend, {A} sets out to fix everything and makes it spectacularly worse.",
    "Now {A} has one week, zero skills and an audience of very judgmental neighbors.",
  ],
  stakes: [
    "Nobody said being an adult would be this embarrassing.",
    "There will be chaos, there will be casseroles, and there will absolutely be regret.",
    "Dignity, it turns out, is optional.",
  ],
  hooks: [
    "How hard can it be?",
    "What's the worst that could happen?",
    "Can {A} pull it off, or at least avoid being arrested?",
  ],
};

const THRILLER: Mood = {
  nouns: ["Witness", "Target", "Conspiracy", "Deadline", "Contract", "Passenger", "Safehouse"],
  plurals: ["Lies", "Traitors", "Secrets", "Enemies", "Strangers", "Sins", "Debts", "Echoes"],
  adjectives: ["Silent", "Perfect", "Final", "Dead", "Cold", "Burned", "Hidden", "Twelfth"],
  roles: ["Witness", "Negotiator", "Courier", "Analyst", "Hostage", "Informant", "Stranger"],
  kin: ["Alibi", "Secret", "Daughter", "Confession", "Debt"],
  titles: [
    "Forty-Eight Hours",
    "The {noun} Next Door",
    "{plural} We Keep",
    "Don't Trust {name}",
    "The {adjective} Passenger",
    "No One Leaves {town}",
    "Dead by {time}",
  ],
  places: ["Vienna", "Berlin", "a remote Scottish island", "an isolated ski resort", "Lisbon"],
  setups: [
    "{A} saw something on the night train to {place} that {A.he} was never meant to see.",
    "Former intelligence analyst {A} has spent five years hiding in {place} under a false name.",
    "The message arrives at 3:02 a.m., and it says only: I know what you did.",
    "{A} wakes up in a hotel room in {place} with no memory of the last forty-eight hours and a stranger's blood on {A.his} hands.",
    "When {A}'s sister vanishes from a crowded airport, the police call it a voluntary disappearance.",
  ],
  turns: [
    "Now someone is hunting {A}, and the only person who might believe {A.him} is {B}, a detective with secrets of {B.his} own.",
    "Then {B}, the one person who knows {A.his} real name, turns up dead.",
    "As the clock runs down, {A} must decide who to trust in a game where every player is lying.",
    "The kidnapper has one demand, and it's the one thing {A} can't give.",
    "With the police closing in and {A.his} own memories unreliable, {A} races to uncover the truth before the killer strikes again.",
  ],
  stakes: [
    "Nothing is what it seems, and no one is safe.",
    "Every ally could be an enemy, and every answer costs something.",
    "The truth is closer than {A} thinks, and far more dangerous.",
  ],
  hooks: [
    "How do you stop a killer who knows your every move?",
    "Who can you trust when everyone is lying?",
    "What would you do to get your life back?",
    "What if the person you're hunting is you?",
  ],
};

const POETRY: Mood = {
  nouns: ["Salt", "Honey", "Ink", "Rain", "Ember", "Hymn", "Orchard", "River", "Tide", "Hush"],
  plurals: ["Poems", "Wildflowers", "Hours", "Rivers", "Letters", "Psalms", "Lullabies", "Seasons"],
  adjectives: ["Tender", "Quiet", "Soft", "Blue", "Small", "Unsent", "Midnight", "Paper", "Wild"],
  roles: ["Gardener", "Sea", "Moon", "Sparrow", "River", "Night"],
  kin: ["Psalm", "Lullaby", "Elegy", "Song", "Letter", "Prayer"],
  titles: [
    "{plural} for the {adjective} Hours",
    "Poems for {plural}",
    "Things I Never Said",
    "{noun} and {noun2}",
    "Love Letters to the {noun}",
    "What the {noun} Knows",
    "Small {plural}",
    "Notes on {noun}",
  ],
  setups: [
    "A collection of poems about love, loss and the long road back to yourself.",
    "These poems were written at kitchen tables, on night buses and in the margins of other books.",
    "Free verse about growing up between two languages and belonging fully to neither.",
    "Short poems for the sleepless, the heartbroken and the quietly hopeful.",
    "{A} started writing these poems the winter {A.his} father got sick.",
  ],
  turns: [
    "Divided into four seasons, the collection moves from grief toward something like forgiveness.",
    "Some are love letters, some are apologies, and some are just about the weather.",
    "They are small, honest and meant to be read slowly, preferably with a cup of tea.",
    "Written over five years in {place}, they trace a life through its smallest moments.",
  ],
  stakes: [
    "If you have ever loved someone you couldn't keep, these are for you.",
    "Read them in any order, and start wherever it hurts.",
    "New poems are added every Sunday, and favorite lines in the comments are always welcome.",
  ],
  hooks: [
    "What do we carry, and what do we finally put down?",
    "What does it mean to come home to yourself?",
  ],
  poems: true,
};

const PARANORMAL: Mood = {
  nouns: ["Witch", "Ghost", "Coven", "Spirit", "Hex", "Curse", "Veil", "Grimoire", "Familiar"],
  plurals: ["Spirits", "Ghosts", "Witches", "Spells", "Omens", "Candles", "Crows", "Souls"],
  adjectives: ["Haunted", "Hallowed", "Wicked", "Restless", "Bewitched", "Cursed", "Immortal"],
  roles: ["Witch", "Medium", "Vampire", "Ghost Hunter", "Reaper", "Fortune Teller", "Angel"],
  kin: ["Curse", "Bride", "Daughter", "Familiar", "Promise", "Kiss"],
  titles: [
    "The Witches of {town}",
    "Ghosts of {landmark}",
    "Kissed by a {role}",
    "The {adjective} Veil",
    "Between the {noun} and the {noun2}",
    "Bound by {noun}",
  ],
  setups: [
    "{A} can see ghosts, which would be a lot more useful if they ever said anything helpful.",
    "{A} comes from a long line of witches, and {A.he} is the first in three generations without a drop of magic.",
    "Ever since the accident, {A} has been hearing voices in the walls of {A.his} new apartment in {place}.",
    "{A} runs a tarot stall at the {place} night market and has never once made a real prediction.",
    "{A}'s new landlord, {B}, has been dead for two hundred years and bored for most of them.",
  ],
  turns: [
    "Then {B}, a charming and deeply irritating ghost, starts following {A} to work.",
    "When a string of strange deaths hits {place}, the coven calls {A} home to face the family {A.he} ran from.",
    "Until the cards start showing the same thing every night: a tower, a knife and {A}'s own face.",
    "So when {A} knocks on {B.his} door asking for help breaking a curse, {B.he} finds {B.himself} unexpectedly interested.",
    "Now the veil between worlds is thinning, and something on the other side has noticed {A}.",
  ],
  stakes: [
    "Magic has rules, and breaking them always has a price.",
    "Falling for the dead was never part of the plan.",
    "The living and the dead were never meant to mix.",
  ],
  hooks: [
    "What happens when the thing haunting you is the only one you trust?",
    "Can {A} break the curse before Halloween?",
    "Is some love worth dying for?",
  ],
};

const WEREWOLF: Mood = {
  nouns: ["Alpha", "Moon", "Pack", "Mate", "Luna", "Bite", "Howl", "Bond", "Hunt", "Wolf"],
  plurals: ["Wolves", "Moons", "Claws", "Howls", "Fangs", "Bonds", "Scars", "Shadows"],
  adjectives: ["Silver", "Blood", "Rejected", "Rogue", "Moonlit", "Crimson", "Feral", "Fated"],
  roles: ["Alpha", "Beta", "Luna", "Rogue", "Hunter", "Lycan King", "Omega"],
  kin: ["Mate", "Luna", "Claim", "Bride", "Promise", "Rejection"],
  titles: [
    "{adjective} Moon",
    "Rejected by the {role}",
    "Mated to the {role}",
    "The {adjective} Wolf",
    "Bound to the {role}",
    "Under the {adjective} Moon",
    "{plural} in the Dark",
  ],
  places: ["the Silvermoon Pack", "the Blackwood Pack", "the Crescent Ridge Pack"],
  setups: [
    "{A} has been the omega of {place} for as long as {A.he} can remember: overlooked, underestimated and very much alone.",
    "On {A.his} eighteenth birthday, {A} finally shifts, and the first scent {A.he} catches belongs to the one wolf {A.he} has sworn to hate.",
    "{A} doesn't believe in fated mates, and certainly not in the alpha of {place}.",
    "{A} moved to the mountains to escape {A.his} past, not to discover that the forest behind {A.his} cabin belongs to {place}.",
    "Rejected by {A.his} mate in front of the entire pack, {A} walks away with nothing but {A.his} pride.",
  ],
  turns: [
    "Then a rogue attack leaves {A} with a bite that should have killed {A.him}, and {B}, the ruthless alpha of a rival pack, claims {A.him} as {B.his} own.",
    "But when hunters start circling the territory, {B} is the only one who can keep {A} alive.",
    "Now a war between packs is coming, and {A} might be the key to ending it.",
    "Three years later, {A} returns stronger, and {B} is about to learn exactly what {B.he} threw away.",
  ],
  stakes: [
    "The moon is rising, and the bond won't be denied forever.",
    "In a world ruled by instinct, trust is the most dangerous thing of all.",
    "Blood, loyalty and a bond neither of them asked for will decide the fate of the pack.",
  ],
  hooks: [
    "Can {A} resist the pull of the bond?",
    "What happens when your fated mate is your greatest enemy?",
    "Will {B} choose the pack, or {A}?",
  ],
};

const SHORT_STORY: Mood = {
  nouns: ["Orchard", "River", "House", "Garden", "Winter", "Harbor", "Piano", "Bridge", "Window"],
  plurals: ["Sparrows", "Strangers", "Hours", "Rivers", "Keys", "Summers", "Oranges", "Lanterns"],
  adjectives: ["Quiet", "Small", "Blue", "Borrowed", "Ordinary", "Yellow", "Late", "Unfinished"],
  roles: ["Lighthouse Keeper", "Piano Teacher", "Beekeeper", "Night Porter", "Ferryman"],
  kin: ["Daughter", "Son", "Widow", "Apprentice", "Summer", "Garden"],
  titles: [
    "Everything We Left in {town}",
    "What the {noun} Remembers",
    "A {adjective} Kind of {noun}",
    "Small {plural}",
    "The Year of {adjective} {plural}",
    "{plural} in Winter",
  ],
  setups: [
    "{A} has delivered the mail in {place} for thirty-one years and has never once opened a letter.",
    "The summer {A} turned twelve, {A.his} mother painted every room of the house yellow and then left.",
    "Every year on the same date, {A} sets an extra place at the table.",
    "{A} and {B} meet on a delayed train out of {place} and agree to tell each other only lies.",
    "In a small apartment above a laundromat, {A} is teaching {A.himself} to play the piano {A.his} father left behind.",
  ],
  turns: [
    "This year, someone finally comes to dinner.",
    "Told over a single night, it is a story about the distance between people and the small bridges we build across it.",
    "But when {B} arrives in town with a suitcase and no explanation, the careful routine begins to crack.",
    "What begins as a game slowly becomes the most honest conversation either of them has ever had.",
    "Decades later, {A} returns to the empty house to find out why.",
  ],
  stakes: [
    "It is a quiet, bittersweet story about memory, forgiveness and the things we never say out loud.",
    "Some goodbyes take a lifetime to finish.",
    "Nothing much happens, and everything changes.",
  ],
  hooks: [
    "How well can we ever know the people we love?",
    "What do we owe the people we leave behind?",
  ],
};

// Tropes, not real franchises: the demo must not borrow anyone's characters.
const FANFICTION: Mood = {
  nouns: ["Timeline", "Universe", "Ending", "Aftermath", "Detour", "Rewrite", "Truce", "Reunion"],
  plurals: ["Timelines", "Universes", "Endings", "Hearts", "Stars", "Ghosts", "Chances", "Roads"],
  adjectives: ["Alternate", "Other", "Second", "Borrowed", "Better", "Different", "Parallel"],
  roles: ["Hero", "Villain", "Sidekick", "Chosen One", "Captain", "Rival", "Mentor", "Knight"],
  kin: ["Redemption", "Promise", "Second Chance", "Secret", "Return", "Regret"],
  titles: [
    "In Another {noun}",
    "After the {noun}",
    "What the {role} Never Said",
    "{plural} That Could Have Been",
    "A {adjective} Ending",
    "The Long Way Home",
  ],
  setups: [
    "An alternate universe where the final battle never happened, and {A} and {B} have to figure out who they are without a war to fight.",
    "Set six months after the finale, {A} is trying to live a normal life in {place} and failing spectacularly.",
    "What if {A} had taken the other road that night?",
    "In this coffee shop AU, {A} is a barista with no patience, and {B} orders the most complicated drink on the menu every single morning.",
    "{A} wakes up in the past with every memory of the war and one chance to change how it ends.",
  ],
  turns: [
    "It follows canon up to the last episode, then wildly, hopefully, does not.",
    "Expect a slow burn, found family and a truly unreasonable amount of pining.",
    "When {B} shows up at {A.his} door asking for help, old wounds and older feelings come rushing back.",
    "This time, {A} is going to save everyone, even the ones who don't want to be saved.",
  ],
  stakes: [
    "There will be angst, there will be banter, and there will be a happy ending, eventually.",
    "Some things are worth fighting for twice.",
    "This is a fix-it for everyone who yelled at the screen during the finale.",
  ],
  hooks: [
    "Can you rewrite a story that's already been told?",
    "What if the ending was only the beginning?",
  ],
};

const MOODS: Readonly<Record<string, Mood>> = {
  Romance: ROMANCE,
  Fantasy: FANTASY,
  Mystery: MYSTERY,
  "Science Fiction": SCIENCE_FICTION,
  Horror: HORROR,
  Adventure: ADVENTURE,
  "Teen Fiction": TEEN_FICTION,
  "Historical Fiction": HISTORICAL_FICTION,
  Humor: HUMOR,
  Thriller: THRILLER,
  Poetry: POETRY,
  Paranormal: PARANORMAL,
  Werewolf: WEREWOLF,
  "Short Story": SHORT_STORY,
  Fanfiction: FANFICTION,
};

function moodOf(genre: string): Mood {
  return MOODS[genre] ?? SHORT_STORY;
}

// ---------------------------------------------------------------------------
// Titles

// Templates every genre shares; the mood's own words give them their flavour.
const SHARED_TITLES = [
  "The {adjective} {noun}",
  "{plural} of the {adjective} {noun}",
  "The {noun} of {town}",
  "The {role}'s {kin}",
  "{time} at {landmark}",
  "The Last {noun}",
  "{adjective} {plural}",
  "A {noun} of {plural}",
  "Beneath the {adjective} {noun}",
  "The {noun} at {landmark}",
  "All the {adjective} {plural}",
  "The {adjective} {plural} of {town}",
  "Where the {plural} Go",
  "Before the {noun}",
] as const;

const TIMES = ["Midnight", "Dusk", "Dawn", "Nightfall", "Twilight", "Daybreak", "Moonrise"];
const YEARS = ["1666", "1789", "1812", "1848", "1863", "1889", "1914", "1918", "1929", "1940"];

const SMALL_WORDS = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "but",
  "by",
  "for",
  "from",
  "in",
  "into",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);

/** Chicago-style Title Case: small words stay lowercase unless first or last. */
function titleCase(text: string): string {
  const words = text.split(" ");
  return words
    .map((word, i) => {
      const small = SMALL_WORDS.has(word.toLowerCase());
      return small && i > 0 && i < words.length - 1 ? word.toLowerCase() : capitalize(word);
    })
    .join(" ");
}

function titleVars(faker: Faker, mood: Mood): Vars {
  const [noun = "", noun2 = ""] = faker.helpers.arrayElements(mood.nouns, 2);
  const [plural = "", plural2 = ""] = faker.helpers.arrayElements(mood.plurals, 2);
  return {
    noun,
    noun2,
    plural,
    plural2,
    adjective: faker.helpers.arrayElement(mood.adjectives),
    role: faker.helpers.arrayElement(mood.roles),
    kin: faker.helpers.arrayElement(mood.kin),
    town: town(faker),
    landmark: landmark(faker),
    time: faker.helpers.arrayElement(TIMES),
    year: faker.helpers.arrayElement(YEARS),
    name: faker.person.firstName(),
  };
}

function storyTitle(faker: Faker, mood: Mood): string {
  // Half the time a genre-specific pattern, else a shared one in the genre's words.
  const pool = faker.datatype.boolean() ? mood.titles : SHARED_TITLES;
  const title = render(faker.helpers.arrayElement(pool), titleVars(faker, mood));
  // Slots make "Kissed by a Angel"; English wants "an". Only titles need this:
  // prose is hand-written ("a one-way ticket").
  return titleCase(title.replace(/\b([Aa]) (?=[AEIOU])/g, "$1n "));
}

// ---------------------------------------------------------------------------
// Descriptions

const DESCRIPTION_MIN = 150;
const DESCRIPTION_MAX = 600;

function blurb(faker: Faker, mood: Mood): string {
  const vars: Vars = {
    ...castVars(faker, 2),
    place: mood.places ? faker.helpers.arrayElement(mood.places) : town(faker),
  };
  const sentences = [
    faker.helpers.arrayElement(mood.setups),
    faker.helpers.arrayElement(mood.turns),
  ];
  if (faker.datatype.boolean(0.45)) sentences.push(faker.helpers.arrayElement(mood.stakes));
  if (faker.datatype.boolean(0.6)) sentences.push(faker.helpers.arrayElement(mood.hooks));
  return render(sentences.join(" "), vars);
}

function storyDescription(faker: Faker, mood: Mood): string {
  // Redraw the rare combination that is too short or too long for a blurb.
  for (;;) {
    const text = blurb(faker, mood);
    if (text.length >= DESCRIPTION_MIN && text.length <= DESCRIPTION_MAX) return text;
  }
}

// ---------------------------------------------------------------------------
// Part titles

const PART_PHRASES = [
  "The Letter",
  "The Storm",
  "Small Hours",
  "What the River Knew",
  "Homecoming",
  "The Long Way Round",
  "Strangers",
  "Unspoken",
  "First Light",
  "Breaking Point",
  "The Morning After",
  "Old Wounds",
  "Crossroads",
  "No Way Back",
  "The Visitor",
  "Borrowed Time",
  "The Truth",
  "Fault Lines",
  "Afterglow",
  "Thin Ice",
  "A Quiet Place",
  "Ghosts",
  "The Deal",
  "Tell Me",
  "Fallout",
  "Salt and Rain",
  "The Other Side",
  "Undertow",
  "Between Us",
  "Paper Walls",
  "Hold On",
  "Aftermath",
  "The Key",
  "Echoes",
  "Second Chances",
  "The Door",
  "Fever",
  "Glass Houses",
  "Wildfire",
  "Lost and Found",
  "Letting Go",
  "Under the Surface",
  "Stay",
  "Daybreak",
  "The Return",
  "Confessions",
  "Blood and Water",
  "Still Waters",
  "The Reckoning",
  "Last Call",
] as const;

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
] as const;
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** "Twenty-Three"; digits from 100 on, where spelled-out chapter numbers get silly. */
function numberWord(n: number): string {
  if (n >= 100) return String(n);
  if (n < 20) return ONES[n] ?? String(n);
  const ones = ONES[n % 10] ?? "";
  const tens = TENS[Math.floor(n / 10)] ?? "";
  return ones ? `${tens}-${ones}` : tens;
}

type PartStyle = (n: number, phrase: string) => string;

const PART_STYLES: readonly { weight: number; value: PartStyle }[] = [
  { weight: 35, value: (n, phrase) => `Chapter ${n}: ${phrase}` },
  { weight: 25, value: (_n, phrase) => phrase },
  { weight: 15, value: (n, phrase) => `${n}. ${phrase}` },
  { weight: 15, value: (n) => `Chapter ${n}` },
  { weight: 10, value: (n) => `Chapter ${numberWord(n)}` },
];

/** `count` phrases, distinct until the pool runs out (then it starts over). */
function partPhrases(faker: Faker, mood: Mood, count: number): string[] {
  const pool = [...PART_PHRASES, ...mood.nouns.map((noun) => `The ${noun}`)];
  const phrases: string[] = [];
  while (phrases.length < count) {
    phrases.push(...faker.helpers.shuffle(pool).slice(0, count - phrases.length));
  }
  return phrases;
}

function storyPartTitles(faker: Faker, mood: Mood, numParts: number): string[] {
  const phrases = partPhrases(faker, mood, numParts);
  if (mood.poems) return phrases;
  // One numbering style per story, as a real author would keep it.
  const style = faker.helpers.weightedArrayElement(PART_STYLES);
  const prologue = numParts >= 3 && faker.datatype.boolean(0.25);
  const epilogue = numParts >= 6 && faker.datatype.boolean(0.3);
  return phrases.map((phrase, i) => {
    if (prologue && i === 0) return "Prologue";
    if (epilogue && i === numParts - 1) return "Epilogue";
    return style(prologue ? i : i + 1, phrase);
  });
}

export function storyContent(faker: Faker, genre: string, numParts: number): StoryContent {
  const mood = moodOf(genre);
  return {
    title: storyTitle(faker, mood),
    description: storyDescription(faker, mood),
    partTitles: storyPartTitles(faker, mood, numParts),
  };
}

// ---------------------------------------------------------------------------
// Chapter prose. Genre-neutral: A is the point-of-view character, B the person
// in the scene with them, C someone absent. Each part has one room and one object
// so the paragraphs read as the same scene.

const ROOMS = [
  "the kitchen",
  "the library",
  "the attic",
  "the chapel",
  "the boathouse",
  "the greenhouse",
  "the diner",
  "the bookshop",
  "the hotel lobby",
  "the study",
  "the cellar",
  "the workshop",
  "the waiting room",
  "the old ballroom",
  "the station café",
] as const;

const OBJECTS = [
  "the letter",
  "the key",
  "the photograph",
  "the map",
  "the ring",
  "the old compass",
  "the notebook",
  "the envelope",
  "the music box",
  "the locket",
  "the train ticket",
  "the lantern",
  "the cassette tape",
  "the pocket watch",
] as const;

const ACTION = [
  "{A} set {object} down on the table and stepped back, as if it might bite.",
  "{A} crossed {place} in four long strides and stopped at the window.",
  "For a long moment, neither of them moved.",
  "{B} leaned against the doorframe, arms folded, watching {A} with an expression {A.he} couldn't read.",
  "Somewhere below them, a door slammed.",
  "{A} turned {object} over in {A.his} hands, looking for something {A.he} might have missed.",
  "{B} laughed, but there was no warmth in it.",
  "{A} pulled {A.his} coat tighter and kept walking.",
  "{B} reached for {object}, then seemed to think better of it.",
  "It was {B} who finally broke the silence.",
  "{A} checked the time again; barely four minutes had passed.",
  "The stairs creaked under {A.his} weight, loud enough to wake the whole house.",
  "{B} was already gone by the time {A} made it back to {place}.",
  "{A} waited until the footsteps faded before {A.he} let out {A.his} breath.",
  "{C} had left the lights on, which was either a kindness or a warning.",
  "{A} slid {object} into {A.his} pocket and told no one.",
  "{B} poured two cups of coffee and pushed one across the table without a word.",
  "{A} took the long way back, past the shuttered shops and the empty bus stop.",
  "The phone buzzed twice on the counter and went still.",
  "{A} knocked once, then again, louder.",
  "{B} shook {B.his} head slowly.",
  "{A} found {object} exactly where {C} had said it would be, which somehow made it worse.",
  "They walked in silence until the road forked at the old stone bridge.",
  "{B} stopped halfway down the hall and turned around.",
  "{A} sat on the edge of the bed and stared at {object} until the light changed.",
  "By morning, the news had spread to every corner of town.",
  "{A} forced a smile and hoped it looked more convincing than it felt.",
  "{B} tossed {A.him} the keys and headed for the car without looking back.",
  "Neither of them mentioned {C}, though {C.he} was all either of them could think about.",
  "{A} read the last line twice, then folded the page along its old creases.",
  "{B} pulled out a chair, turned it around and sat on it backwards.",
  "{A} wiped the condensation from the window and peered out at the street.",
  "When {A} looked up again, {B} was watching {A.him}.",
  "{A} kept one hand on the banister all the way down, just in case.",
  "{B} picked up {object}, weighed it in {B.his} palm and handed it back.",
] as const;

const SETTING = [
  "{Place} smelled of dust, candle wax and something sweeter underneath.",
  "The light in {place} had gone thin and grey, the way it does just before rain.",
  "Outside, the wind worried at the shutters.",
  "Rain drummed steadily on the roof, patient as a clock.",
  "The streetlights flickered on one by one, pale against the blue evening.",
  "Everything in {place} looked exactly the same, and nothing felt the same at all.",
  "A single lamp burned in the window, throwing a long yellow square across the floor.",
  "The air tasted of salt and smoke.",
  "Frost had crept across the glass in delicate, branching patterns.",
  "Somewhere in the distance, a dog barked and was answered by another.",
  "The kettle began to whistle, thin and insistent.",
  "Dust hung in the slanting afternoon light like something suspended in water.",
  "{Place} was quieter than {A} remembered, as though the walls themselves were listening.",
  "The fog had come in off the water and swallowed the far end of the street.",
  "Old photographs lined the hallway, their faces faded almost to nothing.",
  "The clock above the door had stopped at a quarter past three, years ago by the look of it.",
  "Through the trees, the last of the sunset burned orange and then went out.",
  "The floorboards were cold enough to sting.",
  "A moth beat softly against the lampshade.",
  "The snow kept falling, soft and relentless, erasing every footprint almost as soon as it was made.",
  "Thunder rolled somewhere far off, more felt than heard.",
  "It was the kind of silence that has weight.",
  "The radiator ticked and sighed, giving off more noise than heat.",
  "Somebody had left a half-finished crossword on the table, the pen still uncapped.",
] as const;

const THOUGHT = [
  "{A} thought about the last time {A.he} had been here, and how certain everything had seemed then.",
  "It wasn't fear, exactly; it was something older and more patient.",
  "{A} wanted to say something clever, but nothing came.",
  "There were a hundred things {A} should have said, and {A.he} said none of them.",
  "{A.He} had promised {A.himself} this would be the last time.",
  "Maybe {B} was right, and {A.he} had known all along.",
  "{A} had rehearsed this conversation a dozen times, and none of the versions had gone like this.",
  "Some part of {A} had always known it would come to this.",
  "{A} wasn't sure what frightened {A.him} more: that {B} might be lying, or that {B.he} might not be.",
  "The memory came back in pieces, sharp-edged and out of order.",
  "{A} told {A.himself} it didn't matter, and almost believed it.",
  "For the first time in weeks, {A} felt something close to hope.",
  "It would have been easy to walk away, and that was the problem.",
  "{A} could still hear {C}'s voice, as clearly as if {C.he} were standing right there.",
  "Whatever happened next, there would be no undoing it.",
  "{A} tried to remember when {A.he} had last slept through the night, and couldn't.",
  "Trust had never come easily to {A}, and {B} had done nothing to earn it.",
  "{A} had the strange, dizzy feeling of standing at the edge of something very deep.",
  "If {A} was honest with {A.himself}, {A.he} had stopped looking for answers a long time ago.",
  "Grief, {A} was learning, did not move in a straight line.",
  "{A} wondered, not for the first time, what {C} would have done.",
] as const;

// Said by S to O. The final mark picks the tag: "asked" for "?", "snapped" for "!".
const LINES = [
  "I don't think we should be here.",
  "You're late.",
  "I never asked you to wait for me.",
  "We can't stay here much longer.",
  "It's not what you think.",
  "I found it in {place}, right where you said it would be.",
  "You should get some sleep, {O}.",
  "I've been looking for you all night.",
  "Nobody has to know about this.",
  "I'm not going anywhere.",
  "It's just {object}, {O}.",
  "{C} said the same thing, right before {C.he} disappeared.",
  "I can explain, if you'll let me.",
  "You always do this.",
  "I'm sorry. I should have told you sooner.",
  "Then we do it my way.",
  "That's not how I remember it.",
  "Whatever happens, stay behind me.",
  "I kept {object}. I don't know why.",
  "We used to come here every summer.",
  "Where did you find {object}?",
  "How long have you known?",
  "Are you sure about this?",
  "What aren't you telling me?",
  "Did anyone see you come in?",
  "Why now, after all this time?",
  "Do you trust me?",
  "What happened to {C}?",
  "You really don't remember, do you?",
  "Is that supposed to make me feel better?",
  "Get down!",
  "Don't touch that!",
  "You can't be serious!",
  "Wait!",
] as const;

const SAID = ["said", "whispered", "murmured", "said quietly", "replied", "admitted"] as const;
const ASKED = ["asked", "whispered", "asked quietly", "said"] as const;
const EXCLAIMED = ["shouted", "hissed", "snapped", "cried"] as const;

// Written with the speaker's name; after a tag the name becomes a pronoun.
const BEATS = [
  "{S} glanced toward the door.",
  "{S} didn't look up.",
  "{S} rubbed {S.his} eyes with the heel of {S.his} hand.",
  "{S} folded {S.his} arms.",
  "{S} held {O}'s gaze a moment too long.",
  "{S} let the silence stretch.",
  "{S} set down {S.his} cup very carefully.",
  "{S}'s voice was steady, but {S.his} hands were not.",
  "{S} looked away first.",
  "{S} sounded tired, more tired than {O} had ever heard {S.him}.",
  "{S} smiled, small and crooked.",
  "{S} turned {object} over in {S.his} fingers.",
  "{S} took a step closer.",
  "{S}'s jaw tightened.",
] as const;

// Inner voice, set in italics on the page (marked with underscores until rendering).
const INNER_VOICE = [
  "Not now",
  "Don't look back",
  "Breathe",
  "Not again",
  "Just keep walking",
  "This is a mistake",
  "Say something",
  "Don't let them see",
] as const;

interface Scene {
  vars: Vars;
  /** Templates already used in this part, so no sentence repeats within it. */
  used: Set<string>;
  /** Dialogue paragraphs alternate speakers, like a real exchange. */
  nextSpeakerIsA: boolean;
}

function newScene(faker: Faker): Scene {
  const vars: Vars = {
    ...castVars(faker, 3),
    place: faker.helpers.arrayElement(ROOMS),
    object: faker.helpers.arrayElement(OBJECTS),
  };
  return { vars, used: new Set(), nextSpeakerIsA: faker.datatype.boolean() };
}

function fresh(faker: Faker, scene: Scene, pool: readonly string[]): string {
  let unused = pool.filter((template) => !scene.used.has(template));
  if (unused.length === 0) {
    for (const template of pool) scene.used.delete(template);
    unused = [...pool];
  }
  const template = faker.helpers.arrayElement(unused);
  scene.used.add(template);
  return template;
}

function narrationSentence(faker: Faker, scene: Scene): string {
  const pool = faker.helpers.weightedArrayElement<readonly string[]>([
    { weight: 45, value: ACTION },
    { weight: 30, value: SETTING },
    { weight: 25, value: THOUGHT },
  ]);
  return fresh(faker, scene, pool);
}

function innerVoice(faker: Faker, scene: Scene): string {
  const words = fresh(faker, scene, INNER_VOICE);
  return faker.datatype.boolean() ? `_${words}_, {A.he} told {A.himself}.` : `_${words}._`;
}

/** "{A} sat…" → "{A.He} sat…", "{A}'s voice…" → "{A.His} voice…"; other templates unchanged. */
function withPronoun(template: string, key: string): string {
  const name = `{${key}} `;
  const possessive = `{${key}}'s `;
  if (template.startsWith(possessive)) return `{${key}.His} ${template.slice(possessive.length)}`;
  if (template.startsWith(name)) return `{${key}.He} ${template.slice(name.length)}`;
  return template;
}

interface NarrationOptions {
  /** A part opens on the setting, the way chapters usually do. */
  opening: boolean;
  /** Add a line of italic inner voice. */
  emphasis: boolean;
}

/** Unless A is already named, A's first pronoun becomes the name: "{A.his} coat" → "{A}'s coat". */
function withName(template: string): string {
  if (template.includes("{A}")) return template;
  return template.replace(/\{A\.(he|him|his)\}/i, (_slot, form: string) =>
    form.toLowerCase() === "his" ? "{A}'s" : "{A}",
  );
}

/** A paragraph names A at the first mention; after that a writer mostly says "she" or "he". */
function referToA(faker: Faker, templates: readonly string[]): string[] {
  let named = false;
  return templates.map((template) => {
    let text = template;
    if (!named) text = withName(template);
    else if (faker.datatype.boolean(0.7)) text = withPronoun(template, "A");
    named ||= text.includes("{A}");
    return text;
  });
}

function narrationParagraph(faker: Faker, scene: Scene, options: NarrationOptions): string {
  const count = faker.number.int({ min: 2, max: 6 });
  const first = options.opening ? fresh(faker, scene, SETTING) : narrationSentence(faker, scene);
  const sentences = [first];
  while (sentences.length < count) sentences.push(narrationSentence(faker, scene));
  if (options.emphasis) {
    const at = faker.number.int({ min: 1, max: sentences.length });
    sentences.splice(at, 0, innerVoice(faker, scene));
  }
  return render(referToA(faker, sentences).join(" "), scene.vars);
}

/** `“You're late,” Mara said.`: the quote's closing period becomes a comma. */
function taggedLine(faker: Faker, line: string): string {
  const mark = line.slice(-1);
  const tags = mark === "?" ? ASKED : mark === "!" ? EXCLAIMED : SAID;
  const quoted = mark === "." ? `${line.slice(0, -1)},` : line;
  return `“${quoted}” {S} ${faker.helpers.arrayElement(tags)}.`;
}

function dialogueParagraph(faker: Faker, scene: Scene): string {
  const [speaker, other] = scene.nextSpeakerIsA ? ["A", "B"] : ["B", "A"];
  scene.nextSpeakerIsA = !scene.nextSpeakerIsA;
  const line = fresh(faker, scene, LINES);
  const parts: string[] = [];
  if (faker.datatype.boolean(0.3)) {
    // An action beat says who speaks; a follow-up line stays inside the same quote.
    const more = faker.datatype.boolean(0.3) ? ` ${fresh(faker, scene, LINES)}` : "";
    parts.push(fresh(faker, scene, BEATS), `“${line}${more}”`);
  } else {
    parts.push(taggedLine(faker, line));
    if (faker.datatype.boolean(0.4)) parts.push(`“${fresh(faker, scene, LINES)}”`);
  }
  if (parts.length < 2 || faker.datatype.boolean(0.3)) {
    parts.push(withPronoun(fresh(faker, scene, BEATS), "S"));
  }
  const vars: Vars = {
    ...scene.vars,
    S: slotCharacter(scene, speaker),
    O: slotCharacter(scene, other),
  };
  return render(parts.join(" "), vars);
}

function slotCharacter(scene: Scene, key: string): Character {
  const person = scene.vars[key];
  if (person === undefined || typeof person === "string") throw new Error(`No character ${key}`);
  return person;
}

interface Paragraph {
  /** Escaped inner HTML of the <p>. */
  html: string;
  words: number;
}

/** Typographic apostrophes, escaping, then the _inner voice_ markers as <em>. */
function toParagraph(text: string): Paragraph {
  const typeset = text.replaceAll("'", "’");
  return {
    html: escapeHtml(typeset).replace(/_([^_]+)_/g, "<em>$1</em>"),
    words: countWords(typeset.replaceAll("_", "")),
  };
}

function paragraphText(faker: Faker, scene: Scene, index: number): string {
  // Open on narration; after that about two paragraphs in five are dialogue.
  if (index > 0 && faker.datatype.boolean(0.4)) return dialogueParagraph(faker, scene);
  return narrationParagraph(faker, scene, {
    opening: index === 0,
    emphasis: faker.datatype.boolean(0.1),
  });
}

function joinParagraphs(partKey: string, paragraphs: readonly Paragraph[]): RenderedPart {
  let html = "";
  let wordCount = 0;
  paragraphs.forEach((paragraph, i) => {
    html += `<p data-p-id="${partKey}p${i}">${paragraph.html}</p>`;
    wordCount += paragraph.words;
  });
  return { html, wordCount };
}

export interface ScenePart extends RenderedPart {
  /** The scene's characters, its lead first: readers' comments talk about them. */
  cast: string[];
}

export function partHtml(faker: Faker, partKey: string, paragraphs: number): ScenePart {
  const scene = newScene(faker);
  const rendered = Array.from({ length: paragraphs }, (_, i) =>
    toParagraph(paragraphText(faker, scene, i)),
  );
  const cast = ["A", "B", "C"].map((key) => slotCharacter(scene, key).name);
  return { ...joinParagraphs(partKey, rendered), cast };
}

// ---------------------------------------------------------------------------
// Benchmark prose: a million parts cannot afford Faker, so they reuse a fixed
// pool of paragraphs generated once from a private seed.

const CHEAP_POOL_SIZE = 50;
const CHEAP_SEED = 1_000_003;
// Paragraph lengths that make 5–8 of them land at roughly 2–4 KB.
const CHEAP_MIN_CHARS = 320;
const CHEAP_MAX_CHARS = 480;

function buildCheapPool(): readonly Paragraph[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(CHEAP_SEED);
  const scene = newScene(faker);
  const pool: Paragraph[] = [];
  for (let i = 0; pool.length < CHEAP_POOL_SIZE; i++) {
    const paragraph = toParagraph(paragraphText(faker, scene, i));
    const size = paragraph.html.length;
    if (size >= CHEAP_MIN_CHARS && size <= CHEAP_MAX_CHARS) pool.push(paragraph);
  }
  return pool;
}

const CHEAP_POOL = buildCheapPool();

export function cheapPartHtml(index: number, partKey: string): RenderedPart {
  // Scramble the index so neighbouring parts don't start on neighbouring paragraphs.
  const hash = Math.imul(index, 0x9e3779b1) >>> 0;
  const count = 5 + (hash & 3);
  const start = (hash >>> 2) % CHEAP_POOL_SIZE;
  const picked: Paragraph[] = [];
  for (let k = 0; k < count; k++) {
    // A stride of 7 is coprime with 50, so the 5–8 picks are always distinct.
    const paragraph = CHEAP_POOL[(start + k * 7) % CHEAP_POOL_SIZE];
    if (paragraph) picked.push(paragraph);
  }
  return joinParagraphs(partKey, picked);
}

// ---------------------------------------------------------------------------
// Profile bios

const BIOS = [
  "Coffee-fueled {job} writing {genre} between lunch breaks.",
  "Reader of everything, writer of {genre}. Based in {city}.",
  "I write the stories I wanted to read at fifteen. New chapters every {day}.",
  "Professional daydreamer, amateur baker, currently writing about {topic}.",
  "{Job} by day, storyteller by night.",
  "Just here for the plot twists and the {topic}.",
  "Librarian at heart, collector of unfinished notebooks, forever rereading {genre}.",
  "Writing my first novel one chapter at a time. Comments make my day!",
  "Obsessed with {topic}, strong tea and unreliable narrators.",
  "Retired schoolteacher finally telling the stories I've been carrying around for years.",
  "Mostly {genre}, occasionally poetry, always too many open tabs. {City} born and raised.",
  "I read {genre} on the train and write my own on the way back.",
  "Stories about {topic}. Updates every {day}, give or take a deadline.",
  "Lifelong reader of {genre}, cat person, firm believer in happy endings.",
] as const;

const JOBS = [
  "nurse",
  "teacher",
  "barista",
  "software engineer",
  "student",
  "paramedic",
  "accountant",
  "graphic designer",
  "night-shift security guard",
  "bookseller",
] as const;
const BIO_GENRES = [
  "fantasy",
  "romance",
  "mysteries",
  "horror",
  "sci-fi",
  "historical fiction",
  "thrillers",
  "fanfic",
] as const;
const TOPICS = [
  "dragons",
  "small towns with big secrets",
  "found family",
  "haunted houses",
  "space pirates",
  "second chances",
  "the sea",
  "slow-burn romance",
] as const;
const CITIES = [
  "Toronto",
  "Manchester",
  "Austin",
  "Melbourne",
  "Dublin",
  "Seattle",
  "Manila",
  "Cape Town",
  "Glasgow",
  "Chicago",
] as const;
const DAYS = ["Friday", "Sunday", "Wednesday", "weekend"] as const;

export function userBio(faker: Faker): string {
  return render(faker.helpers.arrayElement(BIOS), {
    job: faker.helpers.arrayElement(JOBS),
    genre: faker.helpers.arrayElement(BIO_GENRES),
    topic: faker.helpers.arrayElement(TOPICS),
    city: faker.helpers.arrayElement(CITIES),
    day: faker.helpers.arrayElement(DAYS),
  });
}

// ---------------------------------------------------------------------------
// Reader comments: "{lead}" is the part's main character, "{line}" a line of its
// dialogue, "{author}" the writer's username (an @mention).

export interface CommentVars {
  /** A character named in the part, or null when none could be found. */
  lead: string | null;
  /** A line of the part's dialogue, without its quotes, or null. */
  line: string | null;
  author: string;
  /** Still being written: readers ask for the next part. */
  ongoing: boolean;
}

const REACTIONS = [
  "I was NOT ready for that ending.",
  "Okay, that last scene had me holding my breath.",
  "Binged this in one sitting. No regrets, except that it's 3 am.",
  "The atmosphere in this chapter is unreal. I could almost hear the rain.",
  "Why do I feel like something terrible is about to happen 👀",
  "This is the kind of opening that makes you cancel your plans.",
  "The pacing here is perfect, not a single wasted line.",
  "I gasped out loud on the bus. People stared.",
  "Reading this at work and trying very hard not to react.",
  "The tension in this part is killing me, in the best way.",
  "Chills. Actual chills.",
  "Came for the cover, stayed for the writing.",
  "How does this not have ten times the reads?",
  "Rereading this for the third time and I still catch new details.",
  "That cliffhanger should be illegal 😭",
  "My heart cannot take much more of this.",
  "Found this through a reading list and I'm so glad I did.",
  "The dialogue feels so natural, like I'm eavesdropping.",
  "Adding this to my library right now.",
  "Okay, I'm hooked. Officially.",
  "I keep telling myself one more part and then it's suddenly morning.",
  "The last paragraph gave me goosebumps.",
] as const;

const THEORIES = [
  "Theory: {lead} knows a lot more than they're letting on.",
  "Calling it now: {lead} is going to regret this.",
  "Is nobody going to talk about the locked door? That has to matter later.",
  "I have a theory and I'm 90% sure I'm right. Not saying it yet 🤐",
  "Something about {lead}'s story doesn't add up. Screenshotting this for later.",
  "Did anyone else notice the detail about the window? Foreshadowing??",
  "My theory is that the stranger is connected to everything. Change my mind.",
  "Okay, but what if {lead} has been lying since the first page…",
  "I bet the next part flips everything we think we know.",
  "There's no way that was an accident.",
  "Whoever sent that message is someone we've already met. I'd bet on it.",
] as const;

const FAVOURITE_LINES = [
  "“{line}” I need this on a poster.",
  "“{line}” Best line of the chapter, no contest.",
  "“{line}” Who else screamed? 😭",
  "“{line}” I reread this five times.",
  "Highlighting “{line}” forever.",
  "“{line}” That's it, that's the comment.",
] as const;

const UPDATE_REQUESTS = [
  "Please update soon, I need to know what happens next!",
  "Is there going to be another part this week? 🙏",
  "Checking every day for a new chapter like it's my job.",
  "Waiting patiently. Okay, impatiently.",
  "Update please!! You can't leave it there.",
  "Just caught up. When's the next one?",
] as const;

const CHARACTER_PRAISE = [
  "{lead} deserves the world, honestly.",
  "Protect {lead} at all costs.",
  "{lead} is such a well-written character, flawed in all the right ways.",
  "Can we get a whole chapter from {lead}'s point of view?",
  "Every time {lead} shows up the story gets ten times better.",
  "{lead} is my favourite and I will not be taking questions.",
  "I love how {lead} handled that. So in character.",
  "{lead}, please make one good decision. Just one.",
] as const;

const MENTIONS = [
  "@{author} you can't just end a part like that!",
  "@{author} your writing keeps getting better with every chapter.",
  "@{author} this is my new favourite story, thank you for writing it.",
  "@{author} please tell me there's a sequel planned.",
] as const;

/** Sometimes added after a comment, as readers do. */
const TAILS = [
  "Love this story!",
  "❤️",
  "Amazing chapter.",
  "🔥🔥🔥",
  "Can't wait for more!",
  "10/10.",
  "Obsessed.",
] as const;

const REPLIES = [
  "Same!! I screamed.",
  "Right?? I thought I was the only one.",
  "Ooh, I didn't even notice that. Good catch.",
  "I think you might be onto something.",
  "No way, I have a completely different theory.",
  "This comment is so real.",
  "Agreed, that part got me too.",
  "Honestly same, I reread it twice.",
  "Okay, now I'm paranoid, thanks 😂",
  "Hard agree.",
  "Not you predicting the whole plot 👀",
  "I hope you're wrong, for {lead}'s sake.",
  "Yes! {lead} is the best part of this story.",
  "Wait until you read the next part 😏",
  "Lol, I thought the exact same thing.",
  "Adding this to my list of theories.",
] as const;

const WRITER_REPLIES = [
  "Thank you so much for reading! Comments like this keep me writing.",
  "You might be closer than you think 👀",
  "I'm so glad that scene landed, I rewrote it about ten times.",
  "Haha, I can neither confirm nor deny 🤐",
  "{lead} thanks you for the support 😄",
  "This made my day, thank you!",
  "Ooh, interesting theory. Keep an eye on the next chapter.",
] as const;

const WRITER_UPDATES = [
  "The next part is almost done, hang in there!",
  "Writing it right now, I promise!",
] as const;

const PARAGRAPH_COMMENTS = [
  "This paragraph 😭",
  "The imagery here is beautiful.",
  "Reading this paragraph for the third time.",
  "Chills at this part.",
  "Okay, THIS is where I started to suspect something.",
  "The way this is written, wow.",
  "This is where I fell in love with the story.",
  "Foreshadowing? I think so.",
  "{lead}, no 😭",
  "“{line}”!!!",
] as const;

/** The templates whose slots these vars can fill. */
function fillable(templates: readonly string[], vars: CommentVars): string[] {
  return templates.filter(
    (template) =>
      (vars.lead !== null || !template.includes("{lead}")) &&
      (vars.line !== null || !template.includes("{line}")),
  );
}

function commentFrom(faker: Faker, templates: readonly string[], vars: CommentVars): string {
  const template = faker.helpers.arrayElement(fillable(templates, vars));
  return render(template.replaceAll("'", "’"), {
    lead: vars.lead ?? "",
    line: vars.line ?? "",
    author: vars.author,
  });
}

/** A reader's comment on a part: a reaction, a theory, a favourite line and the like. */
export function partComment(faker: Faker, vars: CommentVars): string {
  // `tail`: whether a short cheer may follow, which reads oddly after a question.
  const kinds: { weight: number; value: { templates: readonly string[]; tail: boolean } }[] = [
    { weight: 34, value: { templates: REACTIONS, tail: true } },
    { weight: 14, value: { templates: THEORIES, tail: false } },
    { weight: vars.line === null ? 0 : 8, value: { templates: FAVOURITE_LINES, tail: false } },
    { weight: vars.ongoing ? 8 : 0, value: { templates: UPDATE_REQUESTS, tail: false } },
    { weight: vars.lead === null ? 0 : 16, value: { templates: CHARACTER_PRAISE, tail: true } },
    { weight: 4, value: { templates: MENTIONS, tail: false } },
  ].filter((kind) => kind.weight > 0);
  const { templates, tail } = faker.helpers.weightedArrayElement(kinds);
  const text = commentFrom(faker, templates, vars);
  return tail && faker.datatype.boolean(0.25)
    ? `${text} ${faker.helpers.arrayElement(TAILS).replaceAll("'", "’")}`
    : text;
}

/** A reader's reply in a thread. */
export function replyComment(faker: Faker, vars: CommentVars): string {
  return commentFrom(faker, REPLIES, vars);
}

/** The story's writer answering a reader. */
export function writerReply(faker: Faker, vars: CommentVars): string {
  return commentFrom(
    faker,
    vars.ongoing ? [...WRITER_REPLIES, ...WRITER_UPDATES] : WRITER_REPLIES,
    vars,
  );
}

/** A comment on one paragraph of a part. */
export function paragraphComment(faker: Faker, vars: CommentVars): string {
  return commentFrom(faker, PARAGRAPH_COMMENTS, vars);
}
