/**
 * Default texts the system sends to customers on the company's behalf, in the company's language
 * (the `language` setting, chosen at sign-up, changeable in Settings). Each one can be replaced by
 * the company's own text where the feature offers a field; the web shows these as placeholders.
 */
export const COMPANY_LANGUAGES = ["pt-BR", "en", "es"] as const;
export type CompanyLanguage = (typeof COMPANY_LANGUAGES)[number];
export const DEFAULT_COMPANY_LANGUAGE: CompanyLanguage = "pt-BR";

export const AUTO_TEXTS = {
  /** The greeting a connection gets when a second queue joins it without one (the menu needs an introduction). */
  connectionGreeting: {
    "pt-BR": "{{ms}}, {{firstName}}! Como podemos ajudar? Responda com o número da opção:",
    en: "Hello, {{firstName}}! How can we help? Reply with the number of an option:",
    es: "¡Hola, {{firstName}}! ¿Cómo podemos ayudar? Responde con el número de una opción:",
  },
  /** Sent when an AI assistant cannot answer (its server failed or timed out) and people take over. */
  aiHolding: {
    "pt-BR": "Um momento, por favor: vou passar sua conversa para um de nossos atendentes.",
    en: "One moment, please: I am passing your conversation to one of our team.",
    es: "Un momento, por favor: paso tu conversación a una persona de nuestro equipo.",
  },
  /** Sent once to a contact who answered a campaign with an opt-out word. */
  optOutConfirmation: {
    "pt-BR": "Pronto, você não vai mais receber nossas campanhas. Se mudar de ideia, é só nos chamar por aqui.",
    en: "Done: you will not receive our campaigns any more. If you change your mind, just message us here.",
    es: "Listo: ya no recibirás nuestras campañas. Si cambias de opinión, escríbenos por aquí.",
  },
} as const satisfies Record<string, Record<CompanyLanguage, string>>;
export type AutoTextKey = keyof typeof AUTO_TEXTS;

/** True for one of the company languages. */
export const isCompanyLanguage = (x: unknown): x is CompanyLanguage => COMPANY_LANGUAGES.includes(x as CompanyLanguage);

/** A default text in a language (unknown languages read as the default one). */
export const autoText = (key: AutoTextKey, language: string): string => AUTO_TEXTS[key][isCompanyLanguage(language) ? language : DEFAULT_COMPANY_LANGUAGE];
