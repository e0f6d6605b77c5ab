/** The i18n key of an audit event's label (the dictionary nests by dots, so the event's dots become underscores). */
export const eventKey = (event: string) => `audit.events.${event.replace(/\./g, "_")}`;
