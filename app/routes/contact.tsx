import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, useActionData, useNavigation, href, Link } from "react-router";
import { STORE } from "#contract/store";
import { telHref } from "#contract/phone-links";
import { useSeller } from "~/content/seller";
import { FormField, FormNotice } from "~/components/form-field";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { toast } from "~/components/toast";
import { FAQ_ITEMS } from "~/content/faq";
import { storeAddressLine, storeHoursLine } from "~/content/store-details";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";
import {
  errorOf,
  failedReply,
  inputOf,
  textareaOf,
  useContractForm,
  type FormAnswer,
  refusalOf,
} from "~/lib/forms";
import { readForm } from "~/lib/form-reading";
import { actionOrFailure } from "~/lib/request-failure";
import { sharedPageHeaders } from "~/lib/page-headers";
import { contactMessage, sendContactCall } from "#contract/contact";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact Us",
    description: `Write, call or visit ${STORE.name} in ${STORE.address.city}. Open ${storeHoursLine()}. ${STORE.replyPromise}`,
    url: absoluteUrl(matches, href("/contact")),
  });

const SUCCESS_TITLE = "Message Sent!";
const SUCCESS_TEXT = "Thank you for your message. We'll get back to you within 24 hours.";
const FAILURE_TEXT = "Failed to send message.";

/** Sends the message through the API, read through the call's schema; works as a plain form post too. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readForm(request, contactMessage);
  if (submission.status !== "success")
    return data({ ok: false, message: FAILURE_TEXT, reply: submission.reply() } satisfies FormAnswer, {
      status: 400,
    });
  const result = await context.api(sendContactCall, submission.value);
  if (result.ok)
    return {
      ok: true,
      message: result.message,
      reply: submission.reply({ resetForm: true }),
    } satisfies FormAnswer;
  return data(
    {
      ok: false,
      message: result.message || FAILURE_TEXT,
      reply: refusalOf(submission, result),
    } satisfies FormAnswer,
    { status: result.status >= 400 ? result.status : 502 },
  );
}

/** A message the network or the server failed stays in the form: 'Error' - 'Failed to send message.' */
export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) =>
    data(
      {
        ok: false,
        message: FAILURE_TEXT,
        reply: failedReply(form, { message: FAILURE_TEXT }),
      } satisfies FormAnswer,
      { status: 503 },
    ),
  );

export default function Contact() {
  return (
    <>
      <header className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-10 text-center sm:py-14">
          <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">
            We'd love to hear from you
          </p>
          <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Contact Us</h1>
          <p className="mx-auto mt-3 max-w-2xl text-muted">
            Questions about a size, a customisation or an order? Write to us, call, or visit the boutique in{" "}
            {STORE.address.city}. {STORE.replyPromise}
          </p>
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-4">
        <ContactCards />
        <div className="mt-10 grid gap-10 lg:grid-cols-5 lg:gap-12">
          <ContactForm />
          <FaqCards />
        </div>
      </div>
    </>
  );
}

function ContactCards() {
  const { address } = STORE;
  const seller = useSeller();
  const phone = seller?.carePhone ?? STORE.phone;
  const email = seller?.careEmail ?? STORE.email;
  const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";
  const cards: { title: string; icon: ReactNode; body: ReactNode }[] = [
    {
      title: "Visit Our Store",
      icon: <PinIcon />,
      body: (
        <>
          <address className="not-italic">
            {address.street}
            <br />
            {address.city}, {address.state} {address.postalCode}
          </address>
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(storeAddressLine())}`}
            rel="noopener noreferrer"
            className={`mt-2 inline-block text-sm ${linkClass}`}
          >
            Get directions
          </a>
        </>
      ),
    },
    {
      title: "Call Us",
      icon: <PhoneIcon />,
      body: (
        <>
          <a href={telHref(phone)} className={linkClass}>
            {phone}
          </a>
          <p className="mt-1 text-sm">Calls and WhatsApp during store hours.</p>
        </>
      ),
    },
    {
      title: "Email Us",
      icon: <MailIcon />,
      body: (
        <>
          <a href={`mailto:${email}`} className={`break-all ${linkClass}`}>
            {email}
          </a>
          <p className="mt-1 text-sm">{STORE.replyPromise}</p>
        </>
      ),
    },
    {
      title: "Store Hours",
      icon: <ClockIcon />,
      body: (
        <dl className="space-y-1">
          {STORE.hours.map((slot) => (
            <div key={slot.days} className="flex flex-wrap justify-between gap-x-3">
              <dt className="font-medium text-ink">{slot.days}</dt>
              <dd>{slot.time}</dd>
            </div>
          ))}
        </dl>
      ),
    },
  ];

  return (
    <section aria-label="Ways to reach us" className="-mt-6 sm:-mt-8">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
            <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              {card.icon}
            </span>
            <h2 className="mt-3 text-lg font-bold">{card.title}</h2>
            <div className="mt-1 text-muted">{card.body}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContactForm() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === href("/contact");
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { form, fields, formProps } = useContractForm(
    () => import("#contract/contact").then((m) => m.contactMessage),
    answer?.reply,
    { id: "contact" },
  );

  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      toast("success", SUCCESS_TITLE, SUCCESS_TEXT);
      formRef.current?.reset();
      // The button was disabled while sending, which dropped the keyboard: it goes to the form's heading,
      // which the notice of the sent message follows.
      headingRef.current?.focus();
    } else {
      toast("error", "Error", answer.message);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [answer]);

  const failure = answer && !answer.ok ? (form.errors?.[0] ?? answer.message) : undefined;
  const showNotice = answer && !sending && !form.dirty;

  return (
    <section aria-labelledby="form-title" className="lg:col-span-3">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h2 id="form-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
          Send us a message
        </h2>
        <p className="mt-1 text-sm text-muted">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>

        {showNotice && (
          <FormNotice tone={answer.ok ? "success" : "error"} className="mt-4">
            {answer.ok ? `${SUCCESS_TITLE} ${SUCCESS_TEXT}` : failure}
          </FormNotice>
        )}

        <Form ref={formRef} method="post" {...formProps()} className="mt-6 grid gap-5 sm:grid-cols-2">
          <FormField id={fields.name.id} label="Name" error={errorOf(fields.name)} required>
            <input {...inputOf(fields.name, "text")} autoComplete="name" required maxLength={100} />
          </FormField>
          <FormField id={fields.email.id} label="Email" error={errorOf(fields.email)} required>
            <input {...inputOf(fields.email, "email")} autoComplete="email" required maxLength={254} />
          </FormField>
          <FormField id={fields.phone.id} label="Phone" error={errorOf(fields.phone)} optional>
            <input {...inputOf(fields.phone, "tel")} autoComplete="tel" maxLength={20} />
          </FormField>
          <FormField id={fields.subject.id} label="Subject" error={errorOf(fields.subject)} required>
            <input {...inputOf(fields.subject, "text")} required maxLength={200} />
          </FormField>
          <FormField
            id={fields.message.id}
            label="Message"
            error={errorOf(fields.message)}
            required
            className="sm:col-span-2"
          >
            <textarea {...textareaOf(fields.message)} rows={6} required maxLength={5000} />
          </FormField>
          <div className="sm:col-span-2">
            <button
              type="submit"
              disabled={sending}
              className="w-full rounded-full bg-brand-600 px-8 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:bg-brand-700 sm:w-auto"
            >
              {sending ? "Sending..." : "Send Message"}
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}

const CONTACT_FAQ_IDS = ["delivery", "customisation", "returns", "payment"];

function FaqCards() {
  const items = FAQ_ITEMS.filter((item) => CONTACT_FAQ_IDS.includes(item.id));
  return (
    <section aria-labelledby="contact-faq-title" className="lg:col-span-2">
      <h2 id="contact-faq-title" className="text-2xl font-bold">
        Quick answers
      </h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
            <h3 className="font-sans font-semibold text-ink">{item.question}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-muted">{item.short}</p>
          </li>
        ))}
      </ul>
      <Link
        to={href("/faq")}
        className="mt-4 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        See all FAQs
      </Link>
    </section>
  );
}
