/** What the sample organisation is made of: departments, the custom field, courses, notes and names. */

/** In the order sizes take them; the first two are long, so wrapping and the charts' labels are tried. */
export const DEPARTMENTS = [
  'Research and Development',
  'Customer Operations and Support',
  'Finance',
  'Sales',
  'People & Culture',
  'Legal',
  'Marketing',
  'Procurement',
  'Facilities',
  'Security',
  'Data and Analytics',
  'Quality Assurance',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** The custom select field every entry fills: how the course was given. */
export const CUSTOM_FIELD = {
  name: 'delivery',
  label: 'Delivery format',
  options: ['In person', 'Live online', 'Self-paced'],
} as const;
export type Delivery = (typeof CUSTOM_FIELD.options)[number];

export interface Course {
  trainingName: string;
  hours: number;
  trainingType: 'internal' | 'external';
  courseGivenBy: string;
  delivery: Delivery;
  /** Only these departments take it; every department takes a course without. */
  departments?: readonly Department[];
}

const course = (
  trainingName: string,
  hours: number,
  trainingType: Course['trainingType'],
  courseGivenBy: string,
  delivery: Delivery,
  departments?: readonly Department[],
): Course => ({ trainingName, hours, trainingType, courseGivenBy, delivery, ...(departments ? { departments } : {}) });

/** Named with the enterprise topics' words, so the topic lists fill. */
export const COURSES: readonly Course[] = [
  course('Leadership Essentials', 7, 'external', 'Northwind Academy', 'In person'),
  course('Coaching Conversations', 3, 'internal', 'People & Culture', 'In person'),
  course('Effective Communication Skills', 2, 'internal', 'People & Culture', 'Live online'),
  course('Project Management Fundamentals', 6, 'external', 'PMI Chapter', 'Live online'),
  course('Agile and Scrum in Practice', 4, 'external', 'Agile Guild', 'In person', [
    'Research and Development',
    'Data and Analytics',
  ]),
  course('Cloud Security Essentials', 3, 'external', 'Contoso Learning', 'Self-paced', ['Research and Development', 'Security']),
  course('Secure Coding Workshop', 4, 'internal', 'Security Team', 'In person', ['Research and Development', 'Security']),
  course('Data Analytics with Excel', 2.5, 'internal', 'Finance Team', 'Live online', ['Finance', 'Sales', 'Data and Analytics']),
  course('Financial Risk Management', 5, 'external', 'Institute of Finance', 'Live online', ['Finance']),
  course('IFRS Update', 3, 'external', 'Deloitte Academy', 'Self-paced', ['Finance']),
  course('Lean Six Sigma Yellow Belt', 8, 'external', 'Lean Institute', 'In person', [
    'Customer Operations and Support',
    'Quality Assurance',
  ]),
  course('Health and Safety at Work', 1.5, 'internal', 'Facilities', 'Self-paced', [
    'Customer Operations and Support',
    'Facilities',
  ]),
  course('Customer Service Excellence', 2, 'internal', 'Customer Operations', 'In person', [
    'Sales',
    'Customer Operations and Support',
  ]),
  course('Negotiation Skills', 3.5, 'external', 'Harbour Business School', 'In person', ['Sales', 'Procurement']),
  course('CRM Masterclass', 2, 'internal', 'Sales Operations', 'Live online', ['Sales', 'Marketing']),
  course('Brand Storytelling', 3, 'external', 'Creative Guild', 'In person', ['Marketing']),
  course('Contract Law Essentials', 4, 'external', 'Legal Partners LLP', 'Live online', ['Legal', 'Procurement']),
  course('Employment Law Update', 2, 'external', 'Legal Partners LLP', 'Live online', ['People & Culture', 'Legal']),
  course('Inclusive Recruitment', 2.5, 'internal', 'People & Culture', 'In person', ['People & Culture']),
  course('GDPR and Data Protection', 1, 'internal', 'Legal', 'Self-paced'),
  course('Compliance and Ethics Refresher', 1, 'internal', 'Legal', 'Self-paced'),
  course('Time Management', 1.5, 'internal', 'People & Culture', 'Live online'),
  course('Presentation Skills', 3, 'external', 'Speakers Circle', 'In person'),
  course('Innovation and Design Thinking', 4, 'external', 'Design Council', 'In person'),
  course('Mental Health First Aid', 6, 'external', 'MHFA England', 'In person'),
  course('Introduction to AI Tools', 2, 'internal', 'Technology Team', 'Live online'),
];

export const NOTES = [
  'Useful for the quarterly planning work.',
  'Good mix of theory and exercises.',
  'Will share the templates with the team.',
  'Recommended for new joiners.',
  '',
  '',
];
export const INNOVATION_NOTES = [
  'Piloted the method with two customers and shared the results at the team meeting.',
  'Built a small automation from it that saves the team an hour a week.',
  'Proposed a new onboarding checklist based on the course.',
];

/** The SMT director, the admin, HR and the first five managers, in the order of the organisation's people. */
export const LEADER_NAMES = [
  ['Helen', 'Carter'],
  ['Morgan', 'Reed'],
  ['Priya', 'Shah'],
  ['Daniel', 'Brooks'],
  ['Fatima', 'Rahman'],
  ['Marcus', 'Webb'],
  ['Elena', 'Petrova'],
  ['Kofi', 'Asante'],
] as const;

/** Everyone else's names: first names and last names, combined so the first 1,024 differ. */
export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Amelia',
  'Noah',
  'Isla',
  'Oliver',
  'Ava',
  'George',
  'Mia',
  'Arthur',
  'Grace',
  'Leo',
  'Sophia',
  'Oscar',
  'Freya',
  'Harry',
  'Chloe',
  'Jack',
  'Ella',
  'Theo',
  'Lily',
  'Finn',
  'Ruby',
  'Samuel',
  'Zara',
  'Ethan',
  'Maya',
  'Adam',
  'Hannah',
  'Yusuf',
  'Nadia',
  'Tomasz',
];
export const LAST_NAMES = [
  'Bennett',
  'Okafor',
  'Nguyen',
  'Fischer',
  'Hughes',
  'Kowalski',
  'Patel',
  'Murphy',
  'Rossi',
  'Jensen',
  'Clarke',
  'Haddad',
  'Evans',
  'Schmidt',
  'Ward',
  'Ito',
  'Lopez',
  'Price',
  'Novak',
  'Shaw',
  'Mensah',
  'Turner',
  'Walsh',
  'Kaur',
  'Hall',
  'Ibrahim',
  'Morgan',
  'Dubois',
  'Quinn',
  'Silva',
  'Young',
  'Larsen',
];
