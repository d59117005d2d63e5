/**
 * Popular topics: entries are counted per keyword found in their training name
 * or notes. Each entry counts at most once per topic; matching ignores case and needs whole
 * words ('Risk' does not match 'brisk'), and a keyword of several words matches them in order
 * with any spacing or hyphens between ('Six Sigma', 'six-sigma').
 */
export const ENTERPRISE_TOPIC_KEYWORDS = [
  'Risk',
  'Management',
  'Leadership',
  'Communication',
  'Technology',
  'Compliance',
  'Safety',
  'Security',
  'Data',
  'Analytics',
  'Finance',
  'Project',
  'Strategy',
  'Innovation',
  'Customer',
  'Sales',
  'Marketing',
  'Excel',
  'Software',
  'Cloud',
  'Cyber',
  'Health',
  'Wellbeing',
  'Diversity',
  'Inclusion',
  'Ethics',
  'Negotiation',
  'Presentation',
  'Coaching',
  'Mentoring',
  'Agile',
  'Quality',
  'Legal',
  'Regulatory',
  'Digital',
  'AI',
] as const;

export const MANAGER_TOPIC_KEYWORDS = [
  'Leadership',
  'Management',
  'Communication',
  'Technology',
  'Risk',
  'Compliance',
  'Safety',
  'Project',
  'Strategy',
  'Innovation',
  'Customer',
  'Sales',
  'Finance',
  'Data',
  'Analytics',
  'Software',
  'Security',
  'Quality',
  'Coaching',
  'Negotiation',
  'Presentation',
  'Teamwork',
  'Excel',
  'Agile',
  'Ethics',
  'Diversity',
  'Health',
  'Digital',
  'Lean',
  'Six Sigma',
] as const;

/** Every keyword of both lists, once: what the read side counts for each entry when it is projected. */
export const ALL_TOPIC_KEYWORDS: readonly string[] = [
  ...new Set<string>([...ENTERPRISE_TOPIC_KEYWORDS, ...MANAGER_TOPIC_KEYWORDS]),
];

/** How many topics each list shows. */
export const TOPIC_LIMITS = { manager: 8, hr: 8, smt: 12 } as const;

export interface TopicCount {
  topic: string;
  count: number;
}

export interface TopicSource {
  trainingName: string;
  notes?: string | null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function keywordPattern(keyword: string): RegExp {
  const words = keyword.trim().split(/\s+/).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'iu');
}

type KeywordPattern = { topic: string; pattern: RegExp };

/** Compiled once per keyword list: the read side matches every entry of a rebuild. */
const compiledLists = new WeakMap<readonly string[], readonly KeywordPattern[]>();

function patternsOf(keywords: readonly string[]): readonly KeywordPattern[] {
  let patterns = compiledLists.get(keywords);
  if (!patterns) {
    patterns = keywords.map((topic) => ({ topic, pattern: keywordPattern(topic) }));
    compiledLists.set(keywords, patterns);
  }
  return patterns;
}

/** The keywords of `keywords` that one entry's training name or notes mention, each once, in list order. */
export function topicsOf(entry: TopicSource, keywords: readonly string[] = ALL_TOPIC_KEYWORDS): string[] {
  const text = `${entry.trainingName}\n${entry.notes ?? ''}`;
  return patternsOf(keywords)
    .filter(({ pattern }) => pattern.test(text))
    .map(({ topic }) => topic);
}

/**
 * The list a dashboard shows from counts already made (by topic): the keywords of `keywords`
 * with a count above 0, most first (ties in keyword order), at most `limit`.
 */
export function rankTopics(
  counts: ReadonlyMap<string, number>,
  keywords: readonly string[],
  limit: number = keywords.length,
): TopicCount[] {
  return keywords
    .map((topic) => ({ topic, count: counts.get(topic) ?? 0 }))
    .filter((topic) => topic.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}

/** Topics by number of matching entries, most first (ties by keyword order), at most `limit`, none with 0. */
export function countTopics(
  entries: Iterable<TopicSource>,
  keywords: readonly string[] = ENTERPRISE_TOPIC_KEYWORDS,
  limit: number = keywords.length,
): TopicCount[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    for (const topic of topicsOf(entry, keywords)) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  }
  return rankTopics(counts, keywords, limit);
}
