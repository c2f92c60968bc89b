import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, useActionData, useNavigation, href, Link } from "react-router";
import type { ContactMessage } from "#contract/contact";
import { STORE } from "#contract/store";
import { telHref } from "#contract/phone-links";
import { useSeller } from "~/content/seller";
import { controlProps, FormField, FormNotice, useFieldErrors } from "~/components/form-field";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/icons";
import { toast } from "~/components/toast";
import { FAQ_ITEMS } from "~/content/faq";
import { storeAddressLine, storeHoursLine } from "~/content/store-details";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { formText, postedForm } from "~/lib/form-values";
import { actionOrFailure } from "~/lib/request-failure";
import { sharedPageHeaders } from "~/lib/page-headers";
import { sendContactCall } from "#contract/contact";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact Us",
    description: `Write, call or visit ${STORE.name} in ${STORE.address.city}. Open ${storeHoursLine()}. ${STORE.replyPromise}`,
    url: absoluteUrl(matches, href("/contact")),
  });

type ContactField = keyof ContactMessage;

const SUCCESS_TITLE = "Message Sent!";
const SUCCESS_TEXT = "Thank you for your message. We'll get back to you within 24 hours.";
const FAILURE_TEXT = "Failed to send message.";

/** The message's fields as posted (what refills the form when it is shown again). */
const contactValues = (form: FormData) => {
  const text = (field: ContactField) => formText(form, field);
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message"),
  };
};

/** Sends the message through the API; works as a plain form post without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = contactValues(await postedForm(request));
  const phone = values.phone.trim();
  const result = await context.api(sendContactCall, {
    name: values.name,
    email: values.email,
    subject: values.subject,
    message: values.message,
    ...(phone ? { phone } : {}),
  });
  if (result.ok) return { ok: true as const, message: result.message };
  // `values` refills the form when the page is rendered again without JavaScript.
  return data(
    { ok: false as const, message: result.message || FAILURE_TEXT, errors: result.errors ?? {}, values },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

/** A message the network or the server failed stays in the form: 'Error' - 'Failed to send message.' */
export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) =>
    data(
      { ok: false as const, message: FAILURE_TEXT, errors: {}, values: contactValues(form) },
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
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === href("/contact");
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { errorOf, markEdited, edited } = useFieldErrors<ContactField>(actionData, failure?.errors);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      toast("success", SUCCESS_TITLE, SUCCESS_TEXT);
      formRef.current?.reset();
      // The button was disabled while sending, which dropped the keyboard: it goes to the form's heading,
      // which the notice of the sent message follows.
      headingRef.current?.focus();
    } else {
      toast("error", "Error", actionData.message || FAILURE_TEXT);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [actionData]);

  const control = (field: ContactField) => ({
    ...controlProps(`contact-${field}`, errorOf(field)),
    name: field,
    defaultValue: failure?.values[field] ?? "",
    onChange: () => markEdited(field),
  });

  const showNotice = actionData && !sending && !edited;

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
          <FormNotice tone={actionData.ok ? "success" : "error"} className="mt-4">
            {actionData.ok ? `${SUCCESS_TITLE} ${SUCCESS_TEXT}` : actionData.message || FAILURE_TEXT}
          </FormNotice>
        )}

        <Form ref={formRef} method="post" className="mt-6 grid gap-5 sm:grid-cols-2">
          <FormField id="contact-name" label="Name" error={errorOf("name")} required>
            <input {...control("name")} type="text" autoComplete="name" required maxLength={100} />
          </FormField>
          <FormField id="contact-email" label="Email" error={errorOf("email")} required>
            <input {...control("email")} type="email" autoComplete="email" required maxLength={254} />
          </FormField>
          <FormField id="contact-phone" label="Phone" error={errorOf("phone")} optional>
            <input {...control("phone")} type="tel" autoComplete="tel" maxLength={20} />
          </FormField>
          <FormField id="contact-subject" label="Subject" error={errorOf("subject")} required>
            <input {...control("subject")} type="text" required maxLength={200} />
          </FormField>
          <FormField
            id="contact-message"
            label="Message"
            error={errorOf("message")}
            required
            className="sm:col-span-2"
          >
            <textarea {...control("message")} rows={6} required maxLength={5000} />
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
