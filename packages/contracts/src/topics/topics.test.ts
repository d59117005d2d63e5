import { describe, expect, it } from 'vitest';
import { countTopics, ENTERPRISE_TOPIC_KEYWORDS, MANAGER_TOPIC_KEYWORDS } from './topics';

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
});
