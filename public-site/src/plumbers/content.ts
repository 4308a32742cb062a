/** Copy of the plumber pages (spec §2, §9): fees, timeline and payment methods. */

export const REFERRAL_BENEFITS = [
  '$80 for every completed Clean & View inspection you refer',
  '$400 more when the job becomes a reline: up to $480 per referral',
  'Track every referral and rebate in real time from your dashboard',
  'Clean & View fees paid within 15 days of completion, reline fees within 30 days',
  'Your client is contacted within 1 business day',
  'Direct deposit, or cheque on request',
] as const;

export const HOW_REFERRALS_WORK = [
  { title: 'Refer a Job', text: 'Send us the client’s details and the problem in under two minutes, from the site or your dashboard.' },
  { title: 'We Take It From Here', text: 'We contact your client within 1 business day, book the Clean & View and handle the inspection, quote and relining.' },
  { title: 'Get Paid', text: '$80 once the Clean & View is completed, and $400 more if the job becomes a reline. Track every payment in your dashboard.' },
] as const;

export const PORTAL_BENEFITS = [
  { title: 'Up to $480 per referral', text: '$80 for each completed Clean & View and $400 more when the job becomes a reline.' },
  { title: 'Real-time tracking', text: 'See every referral’s status and both rebates, from referred to paid, the moment they change.' },
  { title: 'Fast processing', text: 'Clean & View fees within 15 days of completion, reline fees within 30 days, straight to your account.' },
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
    answer: '$80 for every referred Clean & View inspection that is completed, plus $400 more if the job goes ahead as a reline: up to $480 per referral.',
  },
  {
    question: 'When do I get paid?',
    answer: 'Clean & View fees are paid within 15 days of the inspection being completed, and reline fees within 30 days of the reline being completed.',
  },
  {
    question: 'How are payments made?',
    answer: 'By direct deposit to your nominated account, or by cheque on request.',
  },
  {
    question: 'How quickly is my client contacted?',
    answer: 'Within 1 business day of your referral. If you tick "Permission to contact client", we call them directly to book the inspection.',
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
    answer: 'Yes. Your dashboard shows each referral’s status and both rebates, C&V and Reline, with their amounts and whether they are pending, processing or paid.',
  },
] as const;
