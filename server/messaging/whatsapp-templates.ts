import { STORE } from "../../contract/store";
import type { TemplateComponent } from "./whatsapp-protocol";

/**
 * The store's WhatsApp message templates, as they are submitted to Meta for approval (README "Going live with
 * WhatsApp"): the one list the store sends from, the built-in sandbox accepts, and the owner copies into
 * WhatsApp Manager. Order updates are UTILITY templates; the sign-in code is an AUTHENTICATION template with
 * Meta's preset text and a copy-code button. A body never starts or ends with a variable (Meta refuses those).
 * Buttons of type URL append their one parameter to the URL given here, after the store's PUBLIC_URL.
 */
export const TEMPLATE_KEYS = [
  "orderPlaced",
  "paymentReceived",
  "orderShipped",
  "outForDelivery",
  "orderDelivered",
  "orderCancelled",
  "orderRefunded",
  "codConfirm",
  "loginCode",
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export type TemplateButton =
  | { type: "URL"; text: string; /** After PUBLIC_URL; `{{1}}` is the parameter sent. */ path: string }
  | { type: "QUICK_REPLY"; text: string }
  | { type: "OTP"; otpType: "COPY_CODE"; text: string };

export type TemplateDefinition = {
  /** The name it is submitted under; WHATSAPP_TEMPLATE_NAMES may give another. */
  name: string;
  category: "UTILITY" | "AUTHENTICATION";
  body: string;
  footer?: string;
  /** A value for each {{n}} of the body, in order: the examples Meta's review asks for. */
  examples: string[];
  buttons: TemplateButton[];
};

const orderButton = { type: "URL", text: "See your order", path: "/orders/{{1}}" } as const;
const thanks = `Thank you for shopping with ${STORE.name}.`;

export const TEMPLATES: Record<TemplateKey, TemplateDefinition> = {
  orderPlaced: {
    name: "order_placed",
    category: "UTILITY",
    body: `Namaste {{1}}, thank you for your order {{2}} of {{3}} at ${STORE.name}. It is confirmed as soon as your payment goes through, and we will message you then.`,
    examples: ["Asha", "ORD-1042", "₹2,499"],
    buttons: [orderButton],
  },
  paymentReceived: {
    name: "payment_received",
    category: "UTILITY",
    body: "Namaste {{1}}, we have received your payment of {{2}} for order {{3}}. We are preparing it now and will message you when it ships. Your GST invoice is in your e-mail and on your order's page.",
    examples: ["Asha", "₹2,499", "ORD-1042"],
    buttons: [orderButton],
  },
  orderShipped: {
    name: "order_shipped",
    category: "UTILITY",
    body: `Namaste {{1}}, your order {{2}} is on its way with {{3}} (tracking number {{4}}). Follow it here: {{5}} . It usually arrives within 7-10 working days. ${thanks}`,
    examples: [
      "Asha",
      "ORD-1042",
      "Delhivery",
      "57930810000066",
      "https://www.delhivery.com/track/package/57930810000066",
    ],
    buttons: [orderButton],
  },
  outForDelivery: {
    name: "order_out_for_delivery",
    category: "UTILITY",
    body: `Namaste {{1}}, your order {{2}} is out for delivery today. {{3}} ${thanks}`,
    examples: ["Asha", "ORD-1042", "Please keep ₹2,499 ready in cash for the courier."],
    buttons: [orderButton],
  },
  orderDelivered: {
    name: "order_delivered",
    category: "UTILITY",
    body: "Namaste {{1}}, your order {{2}} has been delivered. We hope you love it! Tell other shoppers what you think: {{3}} . Thank you!",
    examples: ["Asha", "ORD-1042", "https://rangoli.example/reviews/write?product=12"],
    buttons: [orderButton],
  },
  orderCancelled: {
    name: "order_cancelled",
    category: "UTILITY",
    body: `Namaste {{1}}, your order {{2}} has been cancelled. Reason: {{3}}. {{4}} ${thanks}`,
    examples: ["Asha", "ORD-1042", "the piece is out of stock", "Nothing was charged."],
    buttons: [orderButton],
  },
  orderRefunded: {
    name: "order_refunded",
    category: "UTILITY",
    body: "Namaste {{1}}, we are refunding {{2}} for order {{3}} to the account you paid from. PhonePe usually completes refunds within 5-7 working days.",
    examples: ["Asha", "₹2,499", "ORD-1042"],
    buttons: [orderButton],
  },
  codConfirm: {
    name: "cod_order_confirm",
    category: "UTILITY",
    body: "Namaste {{1}}, thank you for your order {{2}} of {{3}}, to be paid in cash when it arrives. Please confirm it, so that we pack it for dispatch. An order not confirmed by {{4}} is cancelled.",
    examples: ["Asha", "ORD-1042", "₹2,499", "12 Jul, 6:30 pm"],
    buttons: [
      { type: "QUICK_REPLY", text: "Confirm order" },
      { type: "QUICK_REPLY", text: "Cancel order" },
    ],
  },
  loginCode: {
    name: "login_code",
    category: "AUTHENTICATION",
    // Meta's preset text, with its security recommendation and expiry footer (reference §5).
    body: "{{1}} is your verification code. For your security, do not share this code.",
    footer: "This code expires in 10 minutes.",
    examples: ["123456"],
    buttons: [{ type: "OTP", otpType: "COPY_CODE", text: "Copy code" }],
  },
};

/** How many {{n}} a text holds (the highest n). */
export const placeholders = (text: string) =>
  Math.max(0, ...[...text.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1])));

/** Whether a button is sent with a parameter: a URL with a variable, or a copy-code button (a URL to Meta). */
const takesParameter = (button: TemplateButton) =>
  button.type === "OTP" || (button.type === "URL" && placeholders(button.path) > 0);

/** The components of a template message: the body's values in order, each button's parameter. */
export function templateComponents(
  definition: TemplateDefinition,
  { body, buttons = [] }: { body: string[]; buttons?: string[] },
): TemplateComponent[] {
  const components: TemplateComponent[] = [
    { type: "body", parameters: body.map((text) => ({ type: "text", text: text.trim() || "-" })) },
  ];
  definition.buttons.forEach((button, index) => {
    const value = buttons[index];
    if (value === undefined) return;
    components.push(
      button.type === "QUICK_REPLY"
        ? {
            type: "button",
            sub_type: "quick_reply",
            index: String(index),
            parameters: [{ type: "payload", payload: value }],
          }
        : {
            type: "button",
            sub_type: "url",
            index: String(index),
            parameters: [{ type: "text", text: value }],
          },
    );
  });
  return components;
}

/**
 * Why Meta would refuse these components for this template, as its error code (132000: the parameters do not
 * match the template), or null: the body's count, and each button's kind and parameter (reference §2, §8).
 */
export function componentsProblem(definition: TemplateDefinition, components: TemplateComponent[]) {
  const body = components.filter((component) => component.type === "body");
  const given = body.flatMap((component) => component.parameters).length;
  if (given !== placeholders(definition.body)) return 132000;
  if (components.some((component) => component.type === "header")) return 132000;
  for (const [index, button] of definition.buttons.entries()) {
    const sent = components.find(
      (component) => component.type === "button" && component.index === String(index),
    );
    if (!sent || sent.type !== "button") {
      if (takesParameter(button)) return 132000;
      continue;
    }
    const expected = button.type === "QUICK_REPLY" ? "quick_reply" : "url";
    if (sent.sub_type !== expected || (sent.sub_type === "url" && !takesParameter(button))) return 132000;
  }
  const extra = components.some(
    (component) => component.type === "button" && Number(component.index) >= definition.buttons.length,
  );
  return extra ? 132000 : null;
}

/** The text a phone shows for a template message: the body with its values, and the footer. */
export function renderedText(definition: TemplateDefinition, components: TemplateComponent[]): string {
  const values = components.flatMap((component) => (component.type === "body" ? component.parameters : []));
  const body = definition.body.replace(/\{\{(\d+)\}\}/g, (_match, n: string) => {
    const value = values[Number(n) - 1];
    return value?.type === "text" ? value.text : "";
  });
  return definition.footer ? `${body}\n${definition.footer}` : body;
}
