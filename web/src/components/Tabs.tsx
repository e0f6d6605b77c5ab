import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";

export interface TabSpec {
  key: string;
  label: string;
  content: ReactNode;
}

/** Underlined tabs over panels (headless TabGroup). */
export function Tabs({ tabs, selected, onChange }: { tabs: TabSpec[]; selected?: number; onChange?: (i: number) => void }) {
  return (
    <TabGroup selectedIndex={selected} onChange={onChange}>
      <TabList className="flex gap-1 overflow-x-auto border-b border-line">
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-2.5 py-2.5 sm:px-3.5 text-sm font-medium text-muted transition-colors hover:text-ink focus:outline-none data-[selected]:border-brand-600 data-[selected]:text-brand-700 dark:data-[selected]:border-brand-400 dark:data-[selected]:text-brand-300"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((tab) => (
          <TabPanel key={tab.key}>{tab.content}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
