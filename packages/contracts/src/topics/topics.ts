/**
 * Popular topics (SPEC section 9): entries are counted per keyword found in their training name
 * or notes. Each entry counts at most once per topic; matching ignores case and needs whole
 * words ('Risk' does not match 'brisk'), and a keyword of several words matches them in order
 * with any spacing or hyphens between ('Six Sigma', 'six-sigma').
 */
export const ENTERPRISE_TOPIC_KEYWORDS = [
  'Risk', 'Management', 'Leadership', 'Communication', 'Technology', 'Compliance',
  'Safety', 'Security', 'Data', 'Analytics', 'Finance', 'Project',
  'Strategy', 'Innovation', 'Customer', 'Sales', 'Marketing', 'Excel',
  'Software', 'Cloud', 'Cyber', 'Health', 'Wellbeing', 'Diversity',
  'Inclusion', 'Ethics', 'Negotiation', 'Presentation', 'Coaching', 'Mentoring',
  'Agile', 'Quality', 'Legal', 'Regulatory', 'Digital', 'AI',
] as const;

export const MANAGER_TOPIC_KEYWORDS = [
  'Leadership', 'Management', 'Communication', 'Technology', 'Risk', 'Compliance',
  'Safety', 'Project', 'Strategy', 'Innovation', 'Customer', 'Sales',
  'Finance', 'Data', 'Analytics', 'Software', 'Security', 'Quality',
  'Coaching', 'Negotiation', 'Presentation', 'Teamwork', 'Excel', 'Agile',
  'Ethics', 'Diversity', 'Health', 'Digital', 'Lean', 'Six Sigma',
] as const;

/** How many topics each list shows (SPEC section 9). */
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

/** Topics by number of matching entries, most first (ties by keyword order), at most `limit`, none with 0. */
export function countTopics(
  entries: Iterable<TopicSource>,
  keywords: readonly string[] = ENTERPRISE_TOPIC_KEYWORDS,
  limit: number = keywords.length,
): TopicCount[] {
  const patterns = keywords.map((keyword) => ({ topic: keyword, pattern: keywordPattern(keyword), count: 0 }));
  for (const entry of entries) {
    const text = `${entry.trainingName}\n${entry.notes ?? ''}`;
    for (const keyword of patterns) if (keyword.pattern.test(text)) keyword.count += 1;
  }
  return patterns
    .filter((keyword) => keyword.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, limit)
    .map(({ topic, count }) => ({ topic, count }));
}
