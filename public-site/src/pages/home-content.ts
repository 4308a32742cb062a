/** Copy of the home page (spec §2 Home page, §9 constants). */

export const HOW_IT_WORKS = [
  {
    title: 'Preparation',
    text: 'We jet-clean your drains with high-pressure water, clearing roots, scale and blockages so the camera can see every metre.',
  },
  {
    title: 'Diagnosis',
    text: 'A CCTV camera inspection shows exactly what is wrong. You get a detailed report with footage and our recommendations.',
  },
  {
    title: 'Trenchless Repair',
    text: 'We reline the pipe from the inside through existing access points. No digging, and most jobs are done in a day.',
  },
] as const;

export const OFFER_POINTS = [
  'High-pressure water-jet clean of the affected line',
  'CCTV camera inspection of your sewer or stormwater pipes',
  'A detailed report with footage and recommendations',
  'The fee is waived if you go ahead with relining',
] as const;

export const TESTIMONIALS = [
  {
    name: 'Rebecca T.',
    location: 'Brunswick, VIC',
    quote:
      'The camera found tree roots through our sewer line. They relined it the next day without touching our new deck or garden. Friendly, on time and exactly the price they quoted.',
  },
  {
    name: 'Mark D.',
    location: 'Carindale, QLD',
    quote:
      'Another plumber wanted to dig up the driveway. These guys jetted, filmed and relined the collapsed section in a day. The report made the decision easy.',
  },
  {
    name: 'Priya S.',
    location: 'Parramatta, NSW',
    quote:
      'Booking the Clean & View online took two minutes and the tracking page kept us updated at every step. Highly recommend for anyone with recurring blockages.',
  },
] as const;
