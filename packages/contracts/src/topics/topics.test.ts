import { describe, expect, it } from 'vitest';
import { ALL_TOPIC_KEYWORDS, countTopics, ENTERPRISE_TOPIC_KEYWORDS, MANAGER_TOPIC_KEYWORDS, rankTopics, topicsOf } from './topics';

describe('countTopics', () => {
  const entries = [
    { trainingName: 'Risk Management Basics', notes: 'risk, risk and more RISK' },
    { trainingName: 'Leadership for new managers', notes: 'communication skills' },
    { trainingName: 'Brisk walking', notes: null },
    { trainingName: 'Lean Six Sigma Green Belt', notes: 'six-sigma tools' },
    { trainingName: 'Advanced Excel', notes: 'data analytics and management reporting' },
  ];

  it('counts each entry once per keyword, whole words only, case-insensitive, most first', () => {
    expect(countTopics(entries, ENTERPRISE_TOPIC_KEYWORDS)).toEqual([
      { topic: 'Management', count: 2 },
      { topic: 'Risk', count: 1 },
      { topic: 'Leadership', count: 1 },
      { topic: 'Communication', count: 1 },
      { topic: 'Data', count: 1 },
      { topic: 'Analytics', count: 1 },
      { topic: 'Excel', count: 1 },
    ]);
  });

  it('matches multi-word keywords with spaces or hyphens and applies the limit', () => {
    expect(countTopics(entries, MANAGER_TOPIC_KEYWORDS, 3)).toEqual([
      { topic: 'Management', count: 2 },
      { topic: 'Leadership', count: 1 },
      { topic: 'Communication', count: 1 },
    ]);
    expect(countTopics(entries, ['Six Sigma', 'Lean'])).toEqual([
      { topic: 'Six Sigma', count: 1 },
      { topic: 'Lean', count: 1 },
    ]);
  });

  it('has about 30-36 keywords per list', () => {
    expect(ENTERPRISE_TOPIC_KEYWORDS.length).toBe(36);
    expect(MANAGER_TOPIC_KEYWORDS.length).toBe(30);
  });

  it('keeps every keyword of both lists once for the read side', () => {
    expect(ALL_TOPIC_KEYWORDS).toEqual([...ENTERPRISE_TOPIC_KEYWORDS, 'Teamwork', 'Lean', 'Six Sigma']);
  });
});

describe('topicsOf', () => {
  it("lists the keywords one entry's name or notes mention, each once, in list order", () => {
    expect(topicsOf({ trainingName: 'Risk and risk management', notes: 'Leadership; RISK again' })).toEqual([
      'Risk',
      'Management',
      'Leadership',
    ]);
    expect(topicsOf({ trainingName: 'Lean Six-Sigma', notes: null })).toEqual(['Lean', 'Six Sigma']);
  });

  it('needs whole words and looks only at the keywords asked for', () => {
    expect(topicsOf({ trainingName: 'Brisk datasets', notes: 'cloudy, unsafe' })).toEqual([]);
    expect(topicsOf({ trainingName: 'Teamwork and AI' }, ENTERPRISE_TOPIC_KEYWORDS)).toEqual(['AI']);
    expect(topicsOf({ trainingName: 'Teamwork and AI' }, MANAGER_TOPIC_KEYWORDS)).toEqual(['Teamwork']);
  });
});

describe('rankTopics', () => {
  it('ranks counts made elsewhere like countTopics: most first, ties in keyword order, only the listed keywords above 0', () => {
    const counts = new Map([
      ['Risk', 2],
      ['Leadership', 5],
      ['Management', 2],
      ['AI', 9],
      ['Safety', 0],
    ]);
    expect(rankTopics(counts, MANAGER_TOPIC_KEYWORDS)).toEqual([
      { topic: 'Leadership', count: 5 },
      { topic: 'Management', count: 2 },
      { topic: 'Risk', count: 2 },
    ]);
    expect(rankTopics(counts, ENTERPRISE_TOPIC_KEYWORDS, 2)).toEqual([
      { topic: 'AI', count: 9 },
      { topic: 'Leadership', count: 5 },
    ]);
  });

  it('gives the same list as counting the entries one by one', () => {
    const entries = [
      { trainingName: 'Agile coaching', notes: 'teamwork' },
      { trainingName: 'Coaching for managers', notes: 'Management of teams' },
      { trainingName: 'Data quality', notes: '' },
    ];
    const counts = new Map<string, number>();
    for (const entry of entries) for (const topic of topicsOf(entry)) counts.set(topic, (counts.get(topic) ?? 0) + 1);
    expect(rankTopics(counts, MANAGER_TOPIC_KEYWORDS, 8)).toEqual(countTopics(entries, MANAGER_TOPIC_KEYWORDS, 8));
  });
});
