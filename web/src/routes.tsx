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

/**
 * The route registry. A feature issue adds its page by adding ONE entry here: the router, the
 * guards and the drawer all read this list, so no menu item ever points at a missing page.
 * Pages still to come (R-UI-1): /quick-messages,
 * /tags, /contacts, /helps, /prompts, /queue-integration,
 * /financeiro, /queues, /subscription,
 * /contact-lists, /contact-lists/:contactListId/contacts, /campaigns,
 * /campaign/:campaignId/report, /campaigns-config.
 */
export const ROUTES: readonly RouteEntry[] = [
  { path: "/login", access: "guest", page: lazy(() => import("./features/auth/LoginPage")) },
  { path: "/signup", access: "guest", page: lazy(() => import("./features/auth/SignupPage")) },
  { path: "/term", access: "open", page: lazy(() => import("./features/legal/TermPage")) },
  { path: "/privacy", access: "open", page: lazy(() => import("./features/legal/PrivacyPage")) },
  {
    // Admins get the welcome home (company and due date) until the dashboard lands; other profiles
    // are forwarded to the first attendance page that exists (see HomePage).
    path: "/",
    access: "private",
    page: lazy(() => import("./features/home/HomePage")),
    menu: { section: "management", label: "nav.home", icon: "home", order: 10, permission: "dashboard:view" },
  },
  {
    path: "/tickets/:uuid?",
    access: "private",
    page: lazy(() => import("./features/tickets/TicketsPage")),
    menu: { section: "attendance", label: "nav.tickets", icon: "chat", order: 10, href: "/tickets" },
  },
  {
    path: "/users",
    access: "private",
    page: lazy(() => import("./features/users/UsersPage")),
    menu: { section: "administration", label: "nav.users", icon: "users", order: 90, permission: "drawer-admin-items:view" },
  },
  {
    path: "/quick-messages",
    access: "private",
    page: lazy(() => import("./features/quick-messages/QuickMessagesPage")),
    menu: { section: "attendance", label: "nav.quickMessages", icon: "bolt", order: 20 },
  },
  {
    path: "/contacts",
    access: "private",
    page: lazy(() => import("./features/contacts/ContactsPage")),
    menu: { section: "attendance", label: "nav.contacts", icon: "contact", order: 50 },
  },
  {
    path: "/tags",
    access: "private",
    page: lazy(() => import("./features/tags/TagsPage")),
    menu: { section: "attendance", label: "nav.tags", icon: "tag", order: 70 },
  },
  {
    path: "/queues",
    access: "private",
    page: lazy(() => import("./features/queues/QueuesPage")),
    menu: { section: "administration", label: "nav.queues", icon: "layers", order: 75, permission: "drawer-admin-items:view" },
  },
  {
    path: "/connections",
    access: "connections-page:view",
    page: lazy(() => import("./features/connections/ConnectionsPage")),
    menu: { section: "administration", label: "nav.connections", icon: "globe", order: 50, permission: "drawer-admin-items:view", alert: connectionsBadge() },
  },
  {
    path: "/settings",
    access: "settings:update",
    page: lazy(() => import("./features/settings/SettingsPage")),
    menu: { section: "administration", label: "nav.settings", icon: "settings", order: 110, permission: "drawer-admin-items:view" },
  },
  {
    path: "/todolist",
    access: "private",
    page: lazy(() => import("./features/todo/TodoPage")),
    menu: { section: "attendance", label: "nav.todo", icon: "check", order: 40 },
  },
  {
    path: "/kanban",
    access: "private",
    flag: "useKanban",
    page: lazy(() => import("./features/kanban/KanbanPage")),
    menu: { section: "attendance", label: "nav.kanban", icon: "kanban", order: 30 },
  },
  {
    path: "/schedules",
    access: "private",
    flag: "useSchedules",
    page: lazy(() => import("./features/schedules/SchedulesPage")),
    menu: { section: "attendance", label: "nav.schedules", icon: "calendar", order: 60 },
  },
  {
    path: "/prompts",
    access: "prompts:manage",
    flag: "useOpenAi",
    page: lazy(() => import("./features/prompts/PromptsPage")),
    menu: { section: "administration", label: "nav.prompts", icon: "sparkles", order: 30, permission: "drawer-admin-items:view" },
  },
  {
    path: "/queue-integration",
    access: "integrations:manage",
    flag: "useIntegrations",
    // R-UI-2: the company-permission notice, then / after 1 s
    deniedText: "integrations.denied",
    page: lazy(() => import("./features/integrations/IntegrationsPage")),
    menu: { section: "administration", label: "nav.integrations", icon: "puzzle", order: 40, permission: "drawer-admin-items:view" },
  },
  {
    path: "/messages-api",
    access: "messages-api:view",
    flag: "useExternalApi",
    page: lazy(() => import("./features/messages-api/MessagesApiPage")),
    menu: { section: "administration", label: "nav.messagesApi", icon: "code", order: 100, permission: "drawer-admin-items:view" },
  },
  {
    path: "/chats/:id?",
    access: "private",
    flag: "useInternalChat",
    page: lazy(() => import("./features/chats/ChatsPage")),
    menu: { section: "attendance", label: "nav.chats", icon: "messages", order: 80, href: "/chats", alert: chatsDot() },
  },
  {
    path: "/announcements",
    access: "announcements:manage",
    deniedText: "announcements.denied",
    page: lazy(() => import("./features/announcements/AnnouncementsPage")),
    menu: { section: "administration", label: "nav.announcements", icon: "megaphone", order: 20, permission: "drawer-admin-items:view" },
  },
  {
    path: "/files",
    access: "private",
    page: lazy(() => import("./features/files/FilesPage")),
    menu: { section: "administration", label: "nav.files", icon: "file", order: 60, permission: "drawer-admin-items:view" },
  },
  {
    path: "/financeiro",
    access: "finance:view",
    page: lazy(() => import("./features/finance/FinancePage")),
    menu: { section: "administration", label: "nav.finance", icon: "wallet", order: 105, permission: "drawer-admin-items:view" },
  },
  {
    path: "/helps",
    access: "private",
    page: lazy(() => import("./features/helps/HelpsPage")),
    menu: { section: "attendance", label: "nav.helps", icon: "help", order: 100 },
  },
  { path: "/security", access: "private", page: lazy(() => import("./features/security/SecurityPage")) },
  {
    path: "/audit",
    access: "audit:view",
    page: lazy(() => import("./features/audit/AuditPage")),
    menu: { section: "administration", label: "nav.audit", icon: "shield", order: 108, permission: "audit:view" },
  },
  { path: "/subscription", access: "finance:view", page: lazy(() => import("./features/finance/SubscriptionPage")) },
  { path: "/sandbox/:connectionId", access: "sandbox:use", page: lazy(() => import("./features/sandbox/SandboxPage")) },
  {
    path: "/campaigns",
    access: "campaigns:manage",
    flag: "useCampaigns",
    page: lazy(() => import("./features/campaigns/CampaignsPage")),
    menu: { section: "administration", label: "nav.campaigns", icon: "send", order: 60, permission: "campaigns:manage", group: CAMPAIGNS },
  },
  {
    path: "/campaign/:campaignId/report",
    access: "campaigns:manage",
    flag: "useCampaigns",
    page: lazy(() => import("./features/campaigns/CampaignReportPage")),
  },
  {
    path: "/contact-lists",
    access: "campaigns:manage",
    flag: "useCampaigns",
    page: lazy(() => import("./features/contact-lists/ContactListsPage")),
    menu: { section: "administration", label: "nav.contactLists", icon: "list", order: 62, permission: "campaigns:manage", group: CAMPAIGNS },
  },
  {
    path: "/contact-lists/:contactListId/contacts",
    access: "campaigns:manage",
    flag: "useCampaigns",
    page: lazy(() => import("./features/contact-lists/ContactListItemsPage")),
  },
  {
    path: "/campaigns-config",
    access: "campaigns:manage",
    flag: "useCampaigns",
    page: lazy(() => import("./features/campaigns/CampaignSettingsPage")),
    menu: { section: "administration", label: "nav.campaignsConfig", icon: "sliders", order: 64, permission: "campaigns:manage", group: CAMPAIGNS },
  },
  {
    path: "/backups",
    access: "backups:manage",
    page: lazy(() => import("./features/backups/BackupsPage")),
    menu: { section: "administration", label: "nav.backups", icon: "download", order: 120 },
  },
];

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
