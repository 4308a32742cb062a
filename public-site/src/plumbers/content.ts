import { CLIENT_CONTACT_TIME, FEES, PAYMENT_TERMS, WARRANTY } from '@relining/contracts/business';

/** Copy of the plumber pages (spec §2, §9): fees, timeline and payment methods, with the figures from the business constants. */

export const REFERRAL_BENEFITS = [
  `${FEES.cleanView} for every completed Clean & View inspection you refer`,
  `${FEES.reline} more when the job becomes a reline: up to ${FEES.max} per referral`,
  'Track every referral and rebate in real time from your dashboard',
  `Clean & View fees paid within ${PAYMENT_TERMS.cleanView} of completion, reline fees within ${PAYMENT_TERMS.reline}`,
  `Your client is contacted within ${CLIENT_CONTACT_TIME}`,
  'Direct deposit, or cheque on request',
] as const;

export const HOW_REFERRALS_WORK = [
  { title: 'Refer a Job', text: 'Send us the client’s details and the problem in under two minutes, from the site or your dashboard.' },
  {
    title: 'We Take It From Here',
    text: `We contact your client within ${CLIENT_CONTACT_TIME}, book the Clean & View and handle the inspection, quote and relining.`,
  },
  {
    title: 'Get Paid',
    text: `${FEES.cleanView} once the Clean & View is completed, and ${FEES.reline} more if the job becomes a reline. Track every payment in your dashboard.`,
  },
] as const;

export const PORTAL_BENEFITS = [
  { title: `Up to ${FEES.max} per referral`, text: `${FEES.cleanView} for each completed Clean & View and ${FEES.reline} more when the job becomes a reline.` },
  { title: 'Real-time tracking', text: 'See every referral’s status and both rebates, from referred to paid, the moment they change.' },
  {
    title: 'Fast processing',
    text: `Clean & View fees within ${PAYMENT_TERMS.cleanView} of completion, reline fees within ${PAYMENT_TERMS.reline}, straight to your account.`,
  },
] as const;

export const PARTNER_TESTIMONIAL = {
  quote:
    'I used to turn away blocked and broken drains I couldn’t dig up. Now I refer them in a couple of minutes, my clients get sorted without their gardens being wrecked, and the rebates land in my account like clockwork.',
  name: 'Daniel R.',
  role: 'Licensed plumber, Geelong VIC',
} as const;

export const PLUMBER_FAQ = [
  {
    question: 'Who can join the referral program?',
    answer: 'Any licensed plumber or drainer working in Australia. Register with your business details and start referring straight away.',
  },
  {
    question: 'How much do I earn per referral?',
    answer: `${FEES.cleanView} for every referred Clean & View inspection that is completed, plus ${FEES.reline} more if the job goes ahead as a reline: up to ${FEES.max} per referral.`,
  },
  {
    question: 'When do I get paid?',
    answer: `Clean & View fees are paid within ${PAYMENT_TERMS.cleanView} of the inspection being completed, and reline fees within ${PAYMENT_TERMS.reline} of the reline being completed.`,
  },
  {
    question: 'How are payments made?',
    answer: 'By direct deposit to your nominated account, or by cheque on request.',
  },
  {
    question: 'How quickly is my client contacted?',
    answer: `Within ${CLIENT_CONTACT_TIME} of your referral. If you tick "Permission to contact client", we call them directly to book the inspection.`,
  },
  {
    question: 'What jobs are ideal to refer?',
    answer: 'Cracked, broken or leaking sewer and stormwater pipes, tree root intrusion, recurring blockages and pipes that would otherwise need digging up.',
  },
  {
    question: 'Are there jobs you cannot take?',
    answer: 'Properties with pipes older than 80 years are not suitable, and a badly collapsed pipe may need a small excavation before it can be relined.',
  },
  {
    question: 'Where do you work?',
    answer: 'Across Australia: we service major areas in every state and territory.',
  },
  {
    question: 'Can I track my referrals?',
    answer:
      'Yes. Your dashboard shows each referral’s status and both rebates, C&V and Reline, with their amounts and whether they are pending, processing or paid.',
  },
] as const;

/** spec §2 Plumber onboarding (/plumber-onboarding): the three steps, each with what happens in it. */
export const ONBOARDING_STEPS = [
  {
    title: 'Refer a Job',
    summary: 'Send us your client’s details and the problem.',
    details: [
      'Use the quick referral form or your dashboard: it takes about two minutes.',
      'Add the client’s name, number and address, how urgent it is and what you found.',
      'Attach up to 5 photos from the job if you have them.',
      'Tick "Permission to contact client" and we call them directly.',
    ],
  },
  {
    title: 'We Take It From Here',
    summary: `We contact your client within ${CLIENT_CONTACT_TIME}.`,
    details: [
      'We book a fixed-price Clean & View: a high-pressure clean and a CCTV inspection of the line.',
      'Your client receives the footage, a written report and a quote for the no-dig repair.',
      `If they go ahead, we reline the pipe, usually in a day, with a ${WARRANTY.guarantee}.`,
      'You follow every step in your dashboard, from referred to paid.',
    ],
  },
  {
    title: 'Get Paid',
    summary: `${FEES.cleanView} per completed Clean & View, ${FEES.reline} more per reline.`,
    details: [
      `${FEES.cleanView} once the Clean & View is completed, paid within ${PAYMENT_TERMS.cleanView}.`,
      `${FEES.reline} more if the job becomes a reline, paid within ${PAYMENT_TERMS.reline} of its completion.`,
      `Up to ${FEES.max} per referral, by direct deposit (or cheque on request).`,
      'Each rebate shows as pending, processing and paid in your dashboard.',
    ],
  },
] as const;

export const IDEAL_JOBS = [
  'Cracked, broken or leaking sewer and stormwater pipes',
  'Tree root intrusion in drains',
  'Recurring blockages that keep coming back after a clean',
  'Pipes under driveways, slabs, gardens, pools or buildings',
  'Misaligned or displaced joints',
  'Clients who want to avoid digging up their property',
] as const;

export const NOT_SUITABLE_JOBS = [
  'Properties with pipes older than 80 years',
  'Fully collapsed pipes that cannot be cleaned or filmed',
  'Simple blockages you can clear on the day',
  'New installations or pipe relocations',
] as const;

export const PAYMENT_STRUCTURE = [
  { amount: FEES.cleanView, label: 'per completed Clean & View' },
  { amount: FEES.reline, label: 'more when the job becomes a reline' },
  { amount: FEES.max, label: 'maximum per referral' },
] as const;

export const PAYMENT_TIMELINE = [
  { when: `Within ${CLIENT_CONTACT_TIME}`, what: 'We contact your client to book the Clean & View.' },
  { when: `Within ${PAYMENT_TERMS.cleanView} of completion`, what: `Your ${FEES.cleanView} Clean & View fee is paid.` },
  { when: `Within ${PAYMENT_TERMS.reline} of completion`, what: `Your ${FEES.reline} reline fee is paid.` },
] as const;

export const PAYMENT_METHODS = ['Direct deposit to your nominated account', 'Cheque, on request'] as const;

export const ONBOARDING_FAQ = [
  {
    question: 'Do I need to register before referring?',
    answer:
      'You can send a quick referral straight away, but you need a free plumber account to track it and get paid. Register with the same e-mail and the referral appears in your dashboard.',
  },
  {
    question: 'Where do you work?',
    answer: 'Across Australia: we service major areas across every state and territory, from capital cities to regional centres.',
  },
  {
    question: 'Will you take my client?',
    answer: 'No. We only clean, inspect and reline the pipe; any other plumbing work on the property stays with you.',
  },
  {
    question: 'What if the client does not go ahead with relining?',
    answer: `You still earn ${FEES.cleanView} once the Clean & View is completed. The ${FEES.reline} reline fee is paid only when a reline is completed.`,
  },
  {
    question: 'How do I know where my referral is up to?',
    answer:
      'Your dashboard shows each referral’s status (Referred, Clean & View Completed, Reline Completed, Rebate Paid) and both rebates with their amounts.',
  },
  {
    question: 'How and when am I paid?',
    answer: `By direct deposit, or cheque on request: Clean & View fees within ${PAYMENT_TERMS.cleanView} of completion and reline fees within ${PAYMENT_TERMS.reline}.`,
  },
] as const;
