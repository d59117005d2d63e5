import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every relative link of the README and of docs/ leads to a file of the repository (and to a
// heading of it, when the link names one), so moving a file or renaming a section breaks a test.

const ROOT = path.resolve(import.meta.dirname, '..');

function markdownFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The text a reader sees: code blocks and code spans hold no links (a span inside a link's text keeps the link). */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, 'code');
}

/** The targets of the inline links `[text](target)` of a Markdown text. */
function linkTargets(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, each space a hyphen. */
function headingAnchor(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = withoutCode(readFileSync(file, 'utf8')).match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((line) => headingAnchor(line.replace(/^#+ /, ''))));
}

/** What is wrong with `target` as a link written in `file`, or undefined when it leads somewhere. */
function brokenLink(file: string, target: string): string | undefined {
  if (/^[a-z]+:/i.test(target)) return undefined;
  const [pathPart = '', anchor] = target.split('#');
  const destination = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
  if (path.relative(ROOT, destination).startsWith('..')) return `${target} leads out of the repository`;
  if (!existsSync(destination)) return `${target}: no such file`;
  if (anchor !== undefined && destination.endsWith('.md') && !anchorsOf(destination).has(anchor)) {
    return `${target}: no heading with the anchor #${anchor}`;
  }
  return undefined;
}

describe('links between the README and docs/', () => {
  const files = [path.join(ROOT, 'README.md'), ...markdownFilesUnder(path.join(ROOT, 'docs'))];

  it.each(files.map((file) => [path.relative(ROOT, file), file]))('%s links only to what exists', (_name, file) => {
    const broken = linkTargets(readFileSync(file, 'utf8')).flatMap((target) => brokenLink(file, target) ?? []);
    expect(broken).toEqual([]);
  });

  it('finds a broken file link and a broken anchor', () => {
    const readme = path.join(ROOT, 'README.md');
    expect(linkTargets('see [`ops`](docs/ops.md#x), `[not](a-link.md)`')).toEqual(['docs/ops.md#x']);
    expect(brokenLink(readme, 'docs/no-such-file.md')).toMatch(/no such file/);
    expect(brokenLink(readme, 'docs/operations.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink(readme, 'docs/operations.md#running-as-root')).toBeUndefined();
    expect(headingAnchor('KurrentDB / EventStoreDB for the `events`')).toBe('kurrentdb--eventstoredb-for-the-events');
  });
});
