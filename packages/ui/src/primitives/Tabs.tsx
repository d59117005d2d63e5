import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export type TabItem<Value extends string> = {
  value: Value;
  label: ReactNode;
};

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const TabButton = styled.button`
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(4)}`};
  border: none;
  border-bottom: 3px solid transparent;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.mutedText};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

type TabsProps<Value extends string> = {
  /** Accessible name of the tab list. */
  label: string;
  items: ReadonlyArray<TabItem<Value>>;
  value: Value;
  onChange: (value: Value) => void;
  /** Content of the selected tab; only the selected panel is rendered. */
  children: ReactNode;
};

const nextIndexByKey: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * WAI-ARIA tabs: a tablist of tabs with roving focus (arrow keys, Home, End) and the selected
 * tab's tabpanel. Selection follows focus.
 */
export function Tabs<Value extends string>({ label, items, value, onChange, children }: TabsProps<Value>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Value, HTMLButtonElement>());
  const tabId = (item: Value) => `${baseId}-tab-${item}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = nextIndexByKey[event.key];
    if (!move) return;
    event.preventDefault();
    const currentIndex = Math.max(
      0,
      items.findIndex((item) => item.value === value),
    );
    const next = items[move(currentIndex, items.length)];
    if (!next) return;
    onChange(next.value);
    tabRefs.current.get(next.value)?.focus();
  }

  return (
    <div>
      <TabList role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <TabButton
              key={item.value}
              ref={(element) => {
                if (element) tabRefs.current.set(item.value, element);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
            >
              {item.label}
            </TabButton>
          );
        })}
      </TabList>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
