import { localOrigin, type Config } from "../config";
import type { Database } from "../db/client";
import type { MessagingProvider } from "./messaging-provider";
import { createWhatsAppClient } from "./whatsapp-client";
import { createWhatsAppSandbox, type WhatsAppSandbox } from "./whatsapp-sandbox";
import { TEMPLATE_KEYS, TEMPLATES, type TemplateDefinition } from "./whatsapp-templates";

/** Where Meta (or the sandbox) posts the webhooks: given to Meta as the callback URL (README "Going live"). */
export const WHATSAPP_WEBHOOK_PATH = "/api/whatsapp/webhook";

/** What the store holds of WhatsApp when it is on: the provider, the secrets of its webhook, the sandbox. */
export type WhatsAppConnection = {
  provider: MessagingProvider;
  /** The app secret that signs the webhooks. */
  appSecret: string;
  /** The token of the webhook's verification handshake. */
  verifyToken: string;
  /** The built-in sandbox, when the store runs on it (never in production). */
  sandbox: WhatsAppSandbox | null;
};

/**
 * The one place that picks the channel from the settings: the Cloud API with its credentials, the built-in
 * sandbox on this server outside production (its credentials the install's own), or null: WhatsApp off, and
 * the store writes e-mail only (production without credentials).
 */
export async function connectWhatsApp({
  db,
  config,
}: {
  db: Database;
  config: Pick<Config, "whatsapp" | "whatsappTemplates" | "host" | "port" | "publicUrl">;
}): Promise<WhatsAppConnection | null> {
  const { whatsapp } = config;
  if (!whatsapp) return null;
  if (!whatsapp.sandbox)
    return {
      provider: createWhatsAppClient(whatsapp.settings),
      appSecret: whatsapp.appSecret,
      verifyToken: whatsapp.verifyToken,
      sandbox: null,
    };
  const { names, language } = config.whatsappTemplates;
  const approved = new Map<string, TemplateDefinition>(
    TEMPLATE_KEYS.map((key) => [names[key], TEMPLATES[key]]),
  );
  const sandbox = await createWhatsAppSandbox({
    db,
    templates: approved,
    language,
    publicUrl: config.publicUrl,
    webhookUrl: `${localOrigin(config.host, config.port)}${WHATSAPP_WEBHOOK_PATH}`,
  });
  return {
    provider: createWhatsAppClient({
      baseUrl: whatsapp.baseUrl,
      version: whatsapp.version,
      phoneNumberId: sandbox.phoneNumberId,
      accessToken: sandbox.accessToken,
    }),
    appSecret: sandbox.appSecret,
    verifyToken: sandbox.verifyToken,
    sandbox,
  };
}
