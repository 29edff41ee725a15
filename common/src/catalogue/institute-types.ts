// Institute type catalogue (SPEC 3.12): 20 ids, each in a category with its sub-types.
// Categories are for grouping in code only; the spec says they are not shown.

export type Option = { value: string; label: string };

export type InstituteCategory =
  | 'Academic'
  | 'Professional & Coaching'
  | 'Arts & Culture'
  | 'Sports & Fitness'
  | 'Wellness'
  | 'Other';

export const INSTITUTE_TYPE_IDS = [
  'school',
  'college',
  'university',
  'preschool',
  'computer-center',
  'gym',
  'coaching-center',
  'language-institute',
  'music-school',
  'dance-academy',
  'art-school',
  'sports-academy',
  'vocational-training',
  'driving-school',
  'beauty-salon',
  'yoga-center',
  'meditation-center',
  'library',
  'research-center',
  'other',
] as const;

export type InstituteTypeId = (typeof INSTITUTE_TYPE_IDS)[number];

export type InstituteType = {
  id: InstituteTypeId;
  label: string;
  category: InstituteCategory;
  subTypes: readonly Option[];
};

// Builds options whose value is the label in kebab case ('State Board' -> 'state-board').
const options = (...labels: string[]): Option[] =>
  labels.map((label) => ({
    value: label
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    label,
  }));

export const INSTITUTE_TYPES: readonly InstituteType[] = [
  {
    id: 'school',
    label: 'School',
    category: 'Academic',
    subTypes: options(
      'CBSE',
      'ICSE',
      'State Board',
      'International',
      'Government',
      'Private',
      'Aided',
      'Boarding',
      'Day',
      'Convent',
      'Military',
      'Montessori',
    ),
  },
  {
    id: 'college',
    label: 'College',
    category: 'Academic',
    subTypes: options(
      'Engineering',
      'Medical',
      'Dental',
      'Nursing',
      'Pharmacy',
      'Arts',
      'Commerce',
      'Science',
      'Law',
      'Management',
      'Education (B.Ed.)',
      'Agriculture',
      'Architecture',
      'Polytechnic',
      'Junior College',
    ),
  },
  {
    id: 'university',
    label: 'University',
    category: 'Academic',
    subTypes: options('Central', 'State', 'Deemed', 'Private', 'Open', 'Institute of National Importance'),
  },
  {
    id: 'preschool',
    label: 'Preschool',
    category: 'Academic',
    subTypes: options('Playgroup', 'Nursery', 'Kindergarten', 'Montessori', 'Day Care', 'Anganwadi'),
  },
  {
    id: 'computer-center',
    label: 'Computer Center',
    category: 'Professional & Coaching',
    subTypes: options(
      'Basic Computing',
      'Programming',
      'Web Development',
      'Data Science',
      'Hardware & Networking',
      'Accounting (Tally)',
      'Graphic Design',
      'Typing & Data Entry',
    ),
  },
  {
    id: 'gym',
    label: 'Gym',
    category: 'Sports & Fitness',
    subTypes: options('General Fitness', 'CrossFit', 'Bodybuilding', 'Aerobics & Zumba', 'Women Only'),
  },
  {
    id: 'coaching-center',
    label: 'Coaching Center',
    category: 'Professional & Coaching',
    subTypes: options(
      'JEE',
      'NEET',
      'UPSC',
      'State PSC',
      'Banking',
      'SSC',
      'Railway',
      'Defense',
      'CAT',
      'GATE',
      'CLAT',
      'CUET',
      'CA / CS',
      'Foundation (Class 6-10)',
      'General',
    ),
  },
  {
    id: 'language-institute',
    label: 'Language Institute',
    category: 'Professional & Coaching',
    subTypes: options(
      'Spoken English',
      'IELTS / TOEFL',
      'French',
      'German',
      'Spanish',
      'Japanese',
      'Chinese',
      'Sanskrit',
      'Indian Languages',
    ),
  },
  {
    id: 'music-school',
    label: 'Music School',
    category: 'Arts & Culture',
    subTypes: options(
      'Hindustani Classical',
      'Carnatic',
      'Western Classical',
      'Vocal',
      'Instrumental',
      'Contemporary',
    ),
  },
  {
    id: 'dance-academy',
    label: 'Dance Academy',
    category: 'Arts & Culture',
    subTypes: options(
      'Bharatanatyam',
      'Kathak',
      'Odissi',
      'Kuchipudi',
      'Mohiniyattam',
      'Folk',
      'Contemporary',
      'Hip Hop',
      'Ballet',
      'Salsa',
    ),
  },
  {
    id: 'art-school',
    label: 'Art School',
    category: 'Arts & Culture',
    subTypes: options('Drawing & Painting', 'Sculpture', 'Craft', 'Photography', 'Fine Arts', 'Theatre'),
  },
  {
    id: 'sports-academy',
    label: 'Sports Academy',
    category: 'Sports & Fitness',
    subTypes: options(
      'Cricket',
      'Football',
      'Badminton',
      'Tennis',
      'Swimming',
      'Athletics',
      'Hockey',
      'Chess',
      'Martial Arts',
      'Multi-sport',
    ),
  },
  {
    id: 'vocational-training',
    label: 'Vocational Training',
    category: 'Professional & Coaching',
    subTypes: options(
      'ITI',
      'Tailoring',
      'Electrician',
      'Plumbing',
      'Welding',
      'Automobile',
      'Hospitality',
      'Healthcare',
      'Skill Development',
    ),
  },
  {
    id: 'driving-school',
    label: 'Driving School',
    category: 'Professional & Coaching',
    subTypes: options('Two Wheeler', 'Four Wheeler', 'Heavy Vehicle'),
  },
  {
    id: 'beauty-salon',
    label: 'Beauty Salon',
    category: 'Professional & Coaching',
    subTypes: options('Beautician Course', 'Hair Styling', 'Makeup', 'Nail Art', 'Spa & Wellness'),
  },
  {
    id: 'yoga-center',
    label: 'Yoga Center',
    category: 'Wellness',
    subTypes: options('Hatha', 'Ashtanga', 'Iyengar', 'Power Yoga', 'Prenatal', 'Teacher Training'),
  },
  {
    id: 'meditation-center',
    label: 'Meditation Center',
    category: 'Wellness',
    subTypes: options('Vipassana', 'Mindfulness', 'Transcendental', 'Guided', 'Spiritual'),
  },
  {
    id: 'library',
    label: 'Library',
    category: 'Other',
    subTypes: options('Public', 'Academic', 'Study Space', 'Digital', 'Reference'),
  },
  {
    id: 'research-center',
    label: 'Research Center',
    category: 'Academic',
    subTypes: options(
      'Science & Technology',
      'Medical',
      'Agricultural',
      'Social Sciences',
      'Government',
      'Private',
    ),
  },
  {
    id: 'other',
    label: 'Other',
    category: 'Other',
    subTypes: options('Other'),
  },
];

const byId = new Map<string, InstituteType>(INSTITUTE_TYPES.map((t) => [t.id, t]));

export const isInstituteTypeId = (id: string): id is InstituteTypeId => byId.has(id);

export const instituteTypeOf = (id: string): InstituteType | undefined => byId.get(id);

/** Sub-types of an institute type; an empty list for an unknown id. */
export const subTypesOf = (id: string): readonly Option[] => byId.get(id)?.subTypes ?? [];
