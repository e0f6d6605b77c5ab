import type { PlanFlag } from "@contract/limits";
import type { Permission } from "@contract/permissions";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { IconName } from "./components/Icon";
import { ensureChats, unreadChatCount } from "./stores/chats";
import { connectionsAlert, ensureConnections } from "./stores/connections";

/**
 * Who may open a route (R-UI-1):
 * - guest: only signed-out visitors (/login, /signup); signed-in users go to /.
 * - open: anyone (/term, /privacy).
 * - private: any signed-in user; visitors go to /login.
 * - a named permission (contract/permissions.ts): signed-in users who hold it; others are sent to the landing page.
 */
export type Access = "guest" | "open" | "private" | Permission;
export type MenuSection = "attendance" | "management" | "administration";

export interface MenuSpec {
  section: MenuSection;
  /** i18n key of the drawer label. */
  label: string;
  icon: IconName;
  /** Position inside the section (the order of R-UI-4). */
  order: number;
  /** Extra permission needed to show the item (the route itself may be wider). */
  permission?: Permission;
  /** Link target when the path has parameters (e.g. /tickets for /tickets/:uuid?). */
  href?: string;
  /** An alert dot on the item (read during render, so a signal keeps it live) and its i18n label. */
  alert?: (() => boolean) & { label: string };
  /** A collapsible group the item folds into (R-UI-4: campaigns with its list, contact lists and settings). */
  group?: MenuGroup;
}

/** A collapsible drawer group: its own label and icon; it sits where its first item would. */
export interface MenuGroup {
  key: string;
  label: string;
  icon: IconName;
}

const CAMPAIGNS: MenuGroup = { key: "campaigns", label: "nav.campaignsGroup", icon: "send" };

export interface RouteEntry {
  /** wouter pattern; matching is exact. */
  path: string;
  page: LazyExoticComponent<ComponentType>;
  access: Access;
  /** Feature the company needs (useKanban, useCampaigns…): granted by its plan or the super user, not hidden. */
  flag?: PlanFlag;
  /** i18n key of the notice shown to those refused; with it, they are sent to / after 1 s (R-UI-2). */
  deniedText?: string;
  /** Drawer item; entries without one are reachable by link only. */
  menu?: MenuSpec;
}

type Page = () => Promise<{ default: ComponentType }>;

/** A route entry: its path, who may open it (`Access`), its page (loaded when first opened) and the rest (flag, notice, menu). */
const route = (path: string, access: Access, load: Page, more: Omit<RouteEntry, "path" | "access" | "page"> = {}): RouteEntry => ({
  path,
  access,
  page: lazy(load),
  ...more,
});

type Item = Omit<MenuSpec, "section" | "label" | "icon" | "order">;
/** A drawer item of the attendance section (every signed-in user sees the section). */
const attendance = (label: string, icon: IconName, order: number, more: Item = {}): MenuSpec => ({ section: "attendance", label, icon, order, ...more });
/** A drawer item of the administration section: shown to those who see the admin items, unless the item names its own permission. */
const administration = (label: string, icon: IconName, order: number, more: Item = {}): MenuSpec => ({
  section: "administration",
  label,
  icon,
  order,
  permission: "drawer-admin-items:view",
  ...more,
});

/**
 * The route registry. A feature issue adds its page by adding ONE entry here: the router, the
 * guards and the drawer all read this list, so no menu item ever points at a missing page.
 */
export const ROUTES: readonly RouteEntry[] = [
  route("/login", "guest", () => import("./features/auth/LoginPage")),
  route("/signup", "guest", () => import("./features/auth/SignupPage")),
  route("/term", "open", () => import("./features/legal/TermPage")),
  route("/privacy", "open", () => import("./features/legal/PrivacyPage")),
  // Those with the dashboard get the welcome home; other profiles are forwarded to the first attendance page (see HomePage).
  route("/", "private", () => import("./features/home/HomePage"), {
    menu: { section: "management", label: "nav.home", icon: "home", order: 10, permission: "dashboard:view" },
  }),
  route("/tickets/:uuid?", "private", () => import("./features/tickets/TicketsPage"), { menu: attendance("nav.tickets", "chat", 10, { href: "/tickets" }) }),
  route("/users", "private", () => import("./features/users/UsersPage"), { menu: administration("nav.users", "users", 90) }),
  route("/quick-messages", "private", () => import("./features/quick-messages/QuickMessagesPage"), { menu: attendance("nav.quickMessages", "bolt", 20) }),
  route("/contacts", "private", () => import("./features/contacts/ContactsPage"), { menu: attendance("nav.contacts", "contact", 50) }),
  route("/tags", "private", () => import("./features/tags/TagsPage"), { menu: attendance("nav.tags", "tag", 70) }),
  route("/queues", "private", () => import("./features/queues/QueuesPage"), { menu: administration("nav.queues", "layers", 75) }),
  route("/connections", "connections-page:view", () => import("./features/connections/ConnectionsPage"), {
    menu: administration("nav.connections", "globe", 50, { alert: connectionsBadge() }),
  }),
  route("/settings", "settings:update", () => import("./features/settings/SettingsPage"), { menu: administration("nav.settings", "settings", 110) }),
  route("/todolist", "private", () => import("./features/todo/TodoPage"), { menu: attendance("nav.todo", "check", 40) }),
  route("/kanban", "private", () => import("./features/kanban/KanbanPage"), { flag: "useKanban", menu: attendance("nav.kanban", "kanban", 30) }),
  route("/schedules", "private", () => import("./features/schedules/SchedulesPage"), {
    flag: "useSchedules",
    menu: attendance("nav.schedules", "calendar", 60),
  }),
  route("/prompts", "prompts:manage", () => import("./features/prompts/PromptsPage"), {
    flag: "useOpenAi",
    menu: administration("nav.prompts", "sparkles", 30),
  }),
  // R-UI-2: the company-permission notice, then / after 1 s
  route("/queue-integration", "integrations:manage", () => import("./features/integrations/IntegrationsPage"), {
    flag: "useIntegrations",
    deniedText: "integrations.denied",
    menu: administration("nav.integrations", "puzzle", 40),
  }),
  route("/messages-api", "messages-api:view", () => import("./features/messages-api/MessagesApiPage"), {
    flag: "useExternalApi",
    menu: administration("nav.messagesApi", "code", 100),
  }),
  route("/chats/:id?", "private", () => import("./features/chats/ChatsPage"), {
    flag: "useInternalChat",
    menu: attendance("nav.chats", "messages", 80, { href: "/chats", alert: chatsDot() }),
  }),
  route("/announcements", "announcements:manage", () => import("./features/announcements/AnnouncementsPage"), {
    deniedText: "announcements.denied",
    menu: administration("nav.announcements", "megaphone", 20),
  }),
  route("/files", "private", () => import("./features/files/FilesPage"), { menu: administration("nav.files", "file", 60) }),
  route("/financeiro", "finance:view", () => import("./features/finance/FinancePage"), { menu: administration("nav.finance", "wallet", 105) }),
  route("/helps", "private", () => import("./features/helps/HelpsPage"), { menu: attendance("nav.helps", "help", 100) }),
  route("/security", "private", () => import("./features/security/SecurityPage")),
  route("/audit", "audit:view", () => import("./features/audit/AuditPage"), { menu: administration("nav.audit", "shield", 108, { permission: "audit:view" }) }),
  route("/subscription", "finance:view", () => import("./features/finance/SubscriptionPage")),
  route("/sandbox/:connectionId", "sandbox:use", () => import("./features/sandbox/SandboxPage")),
  ...campaignRoutes(),
  route("/backups", "backups:manage", () => import("./features/backups/BackupsPage"), {
    // super users only (the route's access), without the company admin items' permission
    menu: administration("nav.backups", "download", 120, { permission: undefined }),
  }),
];

/** The campaign pages (plan feature useCampaigns, campaign managers), folded into one drawer group. */
function campaignRoutes(): RouteEntry[] {
  const more = { flag: "useCampaigns" as const };
  const item = (label: string, icon: IconName, order: number) => ({
    ...more,
    menu: administration(label, icon, order, { permission: "campaigns:manage", group: CAMPAIGNS }),
  });
  return [
    route("/campaigns", "campaigns:manage", () => import("./features/campaigns/CampaignsPage"), item("nav.campaigns", "send", 60)),
    route("/campaign/:campaignId/report", "campaigns:manage", () => import("./features/campaigns/CampaignReportPage"), more),
    route("/contact-lists", "campaigns:manage", () => import("./features/contact-lists/ContactListsPage"), item("nav.contactLists", "list", 62)),
    route("/contact-lists/:contactListId/contacts", "campaigns:manage", () => import("./features/contact-lists/ContactListItemsPage"), more),
    route("/campaigns-config", "campaigns:manage", () => import("./features/campaigns/CampaignSettingsPage"), item("nav.campaignsConfig", "sliders", 64)),
  ];
}

/** The chat item's dot: unread internal-chat messages (R-UI-4). */
function chatsDot() {
  return Object.assign(
    () => {
      void ensureChats();
      return unreadChatCount.value > 0;
    },
    { label: "chats.unreadDot" },
  );
}

/** The connections badge: loads the list once, then follows it (R-UI-4). */
function connectionsBadge() {
  return Object.assign(
    () => {
      ensureConnections();
      return connectionsAlert.value;
    },
    { label: "connections.badge" },
  );
}

/** Sections in drawer order, with their i18n title and who sees them. */
export const SECTIONS: readonly { key: MenuSection; label: string; permission?: Permission }[] = [
  { key: "attendance", label: "nav.attendance" },
  { key: "management", label: "nav.management", permission: "dashboard:view" },
  { key: "administration", label: "nav.administration", permission: "drawer-admin-items:view" },
];
