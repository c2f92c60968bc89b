import { data, Form, useActionData, useLoaderData, href } from "react-router";
import { whatsAppSandboxMessagesCall, whatsAppSandboxReplyCall } from "#contract/whatsapp";
import { formatMobile, formatMoment } from "~/accounts/format";
import { controlProps, FormField, FormNotice } from "~/components/form-field";
import { BUTTON_SECONDARY, TEXT_LINK } from "~/components/styles";
import { callWithForm } from "~/lib/form-reading";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/whatsapp-sandbox";

export const headers = privatePageHeaders;

export const meta = () =>
  pageMeta({
    title: "WhatsApp sandbox",
    description: "The built-in WhatsApp sandbox's phones.",
    noindex: true,
  });

/**
 * The built-in WhatsApp sandbox's phone, outside production (decision 053): what a number received from the
 * store, newest first, with its quick replies to tap, as the shopper's WhatsApp would show them. A store on
 * the real Cloud API has no sandbox: the page is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const phone = new URL(request.url).searchParams.get("phone")?.trim() ?? "";
  // Asked even without a phone: a store with no sandbox answers 404, and so does the page.
  const result = await context.api(whatsAppSandboxMessagesCall, phone ? { phone } : {});
  if (result.ok) return { phone, messages: result.data, problem: null };
  if (result.status === 404) throw new Response(result.message, { status: 404 });
  return data({ phone, messages: [], problem: result.message }, { status: result.status || 502 });
}

/** The person at the phone taps a quick reply (or types STOP): WhatsApp's webhook goes to the store. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await callWithForm(context.api, request, whatsAppSandboxReplyCall);
  return data({ ok: result.ok, message: result.message }, { status: result.ok ? 200 : result.status || 502 });
}

export default function WhatsAppSandbox() {
  const { phone, messages, problem } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-3xl font-bold">WhatsApp sandbox</h1>
      <p className="mt-2 text-muted">
        What a phone received from the store's built-in WhatsApp sandbox. No message leaves this machine.
      </p>
      <Form method="get" className="mt-5 flex items-end gap-3">
        <FormField id="sandbox-phone" label="Mobile number" className="grow">
          <input
            {...controlProps("sandbox-phone", undefined)}
            name="phone"
            type="tel"
            defaultValue={phone}
            required
          />
        </FormField>
        <button type="submit" className={BUTTON_SECONDARY}>
          Open
        </button>
      </Form>
      {problem && (
        <FormNotice tone="error" className="mt-4">
          {problem}
        </FormNotice>
      )}
      {answer && (
        <FormNotice tone={answer.ok ? "success" : "error"} className="mt-4">
          {answer.message}
        </FormNotice>
      )}
      {phone && !problem && (
        <section aria-labelledby="chat-heading" className="mt-6">
          <h2 id="chat-heading" className="text-xl font-bold">
            Messages to {formatMobile(phone)}
          </h2>
          {messages.length === 0 ? (
            <p className="mt-2 text-muted">No message yet.</p>
          ) : (
            <ol className="mt-3 space-y-3">
              {messages.map((message) => (
                <li key={message.wamid} className="rounded-2xl bg-green-50 p-4 ring-1 ring-green-200">
                  <p className="text-xs text-muted">
                    {message.template ?? message.kind} · {formatMoment(message.at)} · {message.status}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap">{message.text}</p>
                  {message.buttons.length > 0 && (
                    <div className="mt-3 flex flex-wrap gap-2">
                      {message.buttons.map((button, index) =>
                        button.url ? (
                          <a key={index} href={button.url} className={TEXT_LINK}>
                            {button.text}
                          </a>
                        ) : button.payload ? (
                          <Form key={index} method="post">
                            <input type="hidden" name="phone" value={phone} />
                            <input type="hidden" name="wamid" value={message.wamid} />
                            <input type="hidden" name="button" value={index} />
                            <button type="submit" className={BUTTON_SECONDARY}>
                              {button.text}
                            </button>
                          </Form>
                        ) : (
                          <span
                            key={index}
                            className="rounded-full bg-white px-3 py-1 text-sm ring-1 ring-green-200"
                          >
                            {button.text}
                          </span>
                        ),
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ol>
          )}
          <Form method="post" className="mt-5 flex items-end gap-3">
            <input type="hidden" name="phone" value={phone} />
            <FormField id="sandbox-text" label="Reply with a message" className="grow">
              <input {...controlProps("sandbox-text", undefined)} name="text" required maxLength={1000} />
            </FormField>
            <button type="submit" className={BUTTON_SECONDARY}>
              Send
            </button>
          </Form>
          <p className="mt-4 text-sm">
            <a href={href("/")} className={TEXT_LINK}>
              Back to the shop
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
