// Story prompts: a curated bank written for Storyloom (no external AI), questions that family
// members asked the resident, and a default question. A prompt the resident saw recently is not
// offered again; neither is one they already answered in a story.
import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "~/utils/db.server";
import { rememberPrompt, type PromptHistory } from "~/utils/prompt-history.server";
import type { CategoryValue } from "./categories";
import { getQuestionForResident, listQuestionsForResident, markQuestionAnswered } from "./family-question.server";

const { stories } = tenantSchema;

export const DEFAULT_PROMPT = "What is your favorite memory from your childhood? Tell us where you were, who was with you, and why it has stayed with you.";

/** At least fifteen prompts per category: concrete, warm, easy to start answering out loud. */
export const PROMPT_BANK: Record<CategoryValue, readonly string[]> = {
  childhood: [
    "Describe the house you grew up in. What did the kitchen smell like, and where was your favorite place to hide?",
    "What games did you play outside with the other children on your street? Who usually won?",
    "Tell us about your very first day of school. Who took you there, and what do you remember seeing?",
    "What was a typical Sunday like in your family when you were small?",
    "Who was your best friend when you were about eight years old, and what did the two of you get up to?",
    "Was there a teacher who made a difference to you? What did they do or say that you still remember?",
    "What did you want to be when you grew up, and where did that idea come from?",
    "Tell us about a time you got into trouble as a child. What happened, and what did your parents do?",
    "What chores did you have at home, and which one did you like least?",
    "Describe a holiday or celebration from your childhood that you still remember clearly.",
    "What was your favorite meal as a child, and who cooked it for you?",
    "Did you have a pet when you were growing up? Tell us about them.",
    "What songs, radio programs or stories did you love as a child?",
    "Tell us about a summer from your childhood that stands out. Where were you, and what made it special?",
    "What did you buy with your very first pocket money or the first money you earned?",
    "Describe the town or neighborhood where you grew up: the shops, the people, the sounds.",
  ],
  family: [
    "Tell us about your mother. What is something she used to say that you still hear in your head?",
    "What was your father like? Describe a moment when you felt especially close to him.",
    "Tell us about your brothers and sisters. What was it like growing up together?",
    "What family traditions did you keep, and which ones did you start yourself?",
    "Describe the day your first child was born. Where were you, and how did you feel?",
    "What recipe has been handed down in your family, and who taught it to you?",
    "Tell us about your grandparents. What do you remember about visiting them?",
    "What is the funniest thing that ever happened at a family gathering?",
    "What was the hardest time your family went through, and how did you get through it together?",
    "What lesson did your parents teach you that you passed on to your own children?",
    "Describe a family holiday or trip that everyone still talks about.",
    "What did dinner time look like in your home when your children were young?",
    "Tell us about a family heirloom or keepsake. Where did it come from, and why does it matter?",
    "What do you most want your grandchildren to know about where your family comes from?",
    "Describe a moment when you were especially proud of someone in your family.",
    "Who in your family were you most like, and how did people notice it?",
  ],
  career: [
    "Tell us about your very first job. How did you get it, and what was your first day like?",
    "What work are you proudest of in your whole life, and why?",
    "Describe a typical day at the job you held the longest, from the moment you arrived.",
    "Who was the best boss or colleague you ever had, and what made them special?",
    "Tell us about a mistake you made at work and what you learned from it.",
    "What did you earn in your first pay packet, and what did you do with it?",
    "Was there a moment when you decided to change your work or career? What made you do it?",
    "What skills did your work teach you that you still use today?",
    "Tell us about a day at work that you will never forget.",
    "What were the tools, machines or equipment of your trade, and how did they change over the years?",
    "Did you ever have to stand up for yourself or others at work? What happened?",
    "What advice would you give a young person starting out in the kind of work you did?",
    "Tell us about the people you worked with. Who made you laugh the most?",
    "How did you feel on your last day of work before retiring? How did you celebrate?",
    "If you could go back and do one other job for a year, what would it be?",
    "Tell us about work you did at home or as a volunteer that mattered to you.",
  ],
  travel: [
    "Tell us about the first time you traveled far from home. Where did you go, and how did you get there?",
    "What is the most beautiful place you have ever seen? Describe it as if we were standing there with you.",
    "Describe a trip where everything went wrong, and how it turned out in the end.",
    "Tell us about a journey by train, ship or car that you still remember well.",
    "Was there a place you visited that felt like home straight away? What made it feel that way?",
    "What food did you taste on your travels that surprised you?",
    "Tell us about someone you met while traveling and never forgot.",
    "Describe a family road trip or holiday. Who sat where, and what did you sing or talk about?",
    "Did you ever move to a new town or country? Tell us about the first weeks there.",
    "What souvenir or photograph from your travels do you treasure most, and what is its story?",
    "Tell us about a place you always wanted to visit. What drew you to it?",
    "What was your favorite spot for a day out close to home?",
    "Describe the first time you flew in an airplane or saw the sea.",
    "Tell us about a honeymoon or special anniversary trip.",
    "What did you learn about yourself from being far from home?",
    "If you could go back to one place for a single day, where would it be and what would you do?",
  ],
  love: [
    "How did you meet the love of your life? Tell us everything you remember about that day.",
    "Describe your first date. Where did you go, and what did you wear?",
    "When did you know you were in love? What happened?",
    "Tell us about your wedding day, from the morning to the last dance.",
    "What song reminds you of someone you loved, and why?",
    "Tell us about a love letter, card or gift you received or gave that you still remember.",
    "What did you and your partner do to make each other laugh?",
    "What is the secret to a long and happy partnership, from what you have seen and lived?",
    "Tell us about a difficult time in your relationship and how you came through it.",
    "Describe an ordinary day with your partner that you would love to live again.",
    "Who was your first sweetheart, and how did it end?",
    "How did your family react when you brought your sweetheart home for the first time?",
    "Tell us about a place that was special to the two of you.",
    "What did your partner teach you about life?",
    "Tell us about the proposal. Who asked, and what was said?",
    "What would you like your grandchildren to know about love?",
  ],
  friendship: [
    "Tell us about your oldest friend. How did you meet, and what keeps you close?",
    "Describe an adventure you had with a friend that still makes you smile.",
    "Who was there for you when you needed them most? What did they do?",
    "Tell us about a friend who was very different from you. What did you learn from them?",
    "What did you and your friends do on a Saturday night when you were young?",
    "Tell us about a time you helped a friend through something hard.",
    "Describe a group of friends you belonged to: a club, a team, a choir or a circle of neighbors.",
    "Have you ever lost touch with a friend and found them again? Tell us how.",
    "What makes someone a true friend, in your experience?",
    "Tell us about a friend you made later in life.",
    "What is the best gift a friend ever gave you?",
    "Describe a meal or celebration you shared with good friends.",
    "Tell us about the neighbors who became like family.",
    "Who could always make you laugh, and how did they do it?",
    "Tell us about a friend you miss. What would you say to them today?",
    "Tell us about a friendship you have made here in this community.",
  ],
  achievement: [
    "What is the accomplishment you are proudest of, and what did it take to get there?",
    "Tell us about a time you did something everyone said you could not do.",
    "Describe a prize, medal or certificate you earned. What was the occasion?",
    "What is something you taught yourself to do?",
    "Tell us about a moment when you were brave.",
    "What was the hardest exam, test or challenge you ever faced, and how did it go?",
    "Tell us about something you built, made or fixed with your own hands.",
    "What difference did you make in someone else's life that you are proud of?",
    "Describe a goal that took you years to reach.",
    "Tell us about a time you failed and tried again.",
    "What did you do for your community or a cause you believed in?",
    "Tell us about the day you got your driving license, diploma or first home.",
    "What skill were you known for among your family and friends?",
    "Describe a moment of success you shared with other people, such as a team or a choir.",
    "What did you achieve that surprised even you?",
    "Which of your achievements would you like your family to remember you for?",
  ],
  hobby: [
    "What hobby has brought you the most joy over the years? How did you start?",
    "Tell us about your garden, or a garden you loved. What grew there?",
    "Did you play a musical instrument or sing? Tell us about a performance you remember.",
    "What books or authors have meant the most to you, and why?",
    "Tell us about something you made: knitting, woodwork, baking, painting or anything else.",
    "What sport did you play or follow? Describe a match or game you will never forget.",
    "Tell us about a collection you kept. What was the best piece in it?",
    "What did you love to cook or bake for other people?",
    "Did you dance? Tell us where you went dancing and what the music was like.",
    "Tell us about fishing, hiking, camping or another time spent outdoors that you loved.",
    "What films or television programs did you never miss?",
    "Tell us about a card game, board game or puzzle you loved, and who you played with.",
    "What hobby did you pick up later in life?",
    "Describe a club or group you belonged to because of a hobby.",
    "What would you like to teach a grandchild how to do?",
    "Tell us about the radio programs or records you listened to most.",
  ],
  general: [
    "What is a smell, sound or taste that instantly takes you back in time? Where does it take you?",
    "Tell us about a day that changed the course of your life.",
    "What historical event do you remember living through? Where were you when you heard the news?",
    "What is the best advice anyone ever gave you, and who gave it?",
    "Describe a perfect ordinary day from any time in your life.",
    "Tell us about a kindness a stranger once showed you.",
    "What has changed the most in the world during your lifetime, and what do you miss from before?",
    "Tell us about a photograph that means a lot to you. What was happening when it was taken?",
    "What are you most grateful for when you look back on your life?",
    "Tell us about a decision you are glad you made.",
    "What made you laugh until you cried?",
    "Describe a winter, a snowstorm or a heat wave you still remember.",
    "What did you believe at twenty that you see differently now?",
    "Tell us about the first car, bicycle or radio you owned.",
    "What would you like people to remember about you?",
    "Tell us about a place in your hometown that no longer exists.",
  ],
};

export type PromptChoice = {
  /** stable key that travels in the wizard's URL: `{category}.{n}`, `q.{questionId}` or `default` */
  key: string;
  text: string;
  source: "bank" | "family" | "default";
  askedBy: string | null;
};

export const DEFAULT_CHOICE: PromptChoice = { key: "default", text: DEFAULT_PROMPT, source: "default", askedBy: null };

function bankChoice(category: CategoryValue, index: number): PromptChoice | null {
  const text = PROMPT_BANK[category][index];
  return text ? { key: `${category}.${index}`, text, source: "bank", askedBy: null } : null;
}

function askedByLabel(member: { name: string; relationship: string | null }): string {
  return member.relationship ? `${member.name} (${member.relationship})` : member.name;
}

/** The prompt a key names, or null. A family question only for the resident it was asked of. */
export function resolvePrompt(db: TenantDb, residentId: string, key: string | null | undefined): PromptChoice | null {
  if (!key) return null;
  if (key === "default") return DEFAULT_CHOICE;
  const bank = /^([a-z]+)\.(\d{1,3})$/.exec(key);
  if (bank) {
    const category = bank[1] as CategoryValue;
    return category in PROMPT_BANK ? bankChoice(category, Number(bank[2])) : null;
  }
  const question = /^q\.([A-Za-z0-9_-]{1,64})$/.exec(key);
  if (question) {
    const q = getQuestionForResident(db, residentId, question[1]!);
    return q ? { key, text: q.question, source: "family", askedBy: askedByLabel(q.familyMember) } : null;
  }
  return null;
}

/** Questions family members asked this resident that no story answers yet, oldest first. */
export function unansweredQuestions(db: TenantDb, residentId: string): PromptChoice[] {
  return listQuestionsForResident(db, residentId)
    .filter((q) => !q.answeredStoryId)
    .reverse()
    .map((q) => ({ key: `q.${q.id}`, text: q.question, source: "family" as const, askedBy: askedByLabel(q.familyMember) }));
}

function answeredPromptTexts(db: TenantDb, residentId: string): Set<string> {
  return new Set(
    db
      .select({ aiPrompt: stories.aiPrompt })
      .from(stories)
      .where(eq(stories.residentId, residentId))
      .all()
      .map((r) => r.aiPrompt)
      .filter((t): t is string => !!t),
  );
}

/**
 * A prompt for the category: first a family member's unanswered question the resident has not
 * just seen, then a bank prompt neither seen recently nor answered in a story; when every one was
 * seen, any but the ones in `exclude`; when nothing is left, the default question.
 */
export function choosePrompt(
  db: TenantDb,
  opts: { residentId: string; category: CategoryValue; recent?: readonly string[]; exclude?: readonly string[]; random?: () => number; bankOnly?: boolean },
): PromptChoice {
  const random = opts.random ?? Math.random;
  const recent = new Set(opts.recent ?? []);
  const exclude = new Set(opts.exclude ?? []);
  // "Use the Childhood prompt instead": the resident set the family's question aside for now
  const question = opts.bankOnly ? undefined : unansweredQuestions(db, opts.residentId).find((q) => !recent.has(q.key) && !exclude.has(q.key));
  if (question) return question;
  const answered = answeredPromptTexts(db, opts.residentId);
  const all = PROMPT_BANK[opts.category].map((_, i) => bankChoice(opts.category, i)!);
  const notExcluded = all.filter((p) => !exclude.has(p.key));
  const fresh = notExcluded.filter((p) => !recent.has(p.key) && !answered.has(p.text));
  // seen them all: the ones seen longest ago come back first
  const recentOrder = [...(opts.recent ?? [])];
  const pool = fresh.length
    ? fresh
    : notExcluded.filter((p) => !answered.has(p.text)).sort((a, b) => recentOrder.indexOf(a.key) - recentOrder.indexOf(b.key)).slice(0, 3);
  if (!pool.length) return DEFAULT_CHOICE;
  return pool[Math.floor(random() * pool.length)] ?? pool[0]!;
}

/** After a story answers a family question, it no longer comes up as a prompt. */
export function noteStoryAnsweredPrompt(db: TenantDb, residentId: string, promptKey: string | null | undefined, storyId: string) {
  const m = promptKey ? /^q\.([A-Za-z0-9_-]{1,64})$/.exec(promptKey) : null;
  if (m) markQuestionAnswered(db, residentId, m[1]!, storyId);
}

/**
 * The whole step: picks a prompt for the resident (not the one shown now, not recently seen),
 * and returns it with the history that now includes it (the route keeps the history in a cookie).
 */
export function nextPromptFor(
  db: TenantDb,
  history: PromptHistory,
  opts: { residentId: string; category: CategoryValue; current?: string | null; bankOnly?: boolean },
): { prompt: PromptChoice; history: PromptHistory } {
  const prompt = choosePrompt(db, {
    residentId: opts.residentId,
    category: opts.category,
    bankOnly: opts.bankOnly,
    recent: history[opts.residentId] ?? [],
    exclude: opts.current ? [opts.current] : [],
  });
  return { prompt, history: rememberPrompt(history, opts.residentId, prompt.key) };
}
