// Shape of the demo data that `npm run seed` loads. Content lives in db/seed/data.ts.
export type SeedCategory =
  | "childhood"
  | "family"
  | "career"
  | "travel"
  | "love"
  | "friendship"
  | "achievement"
  | "hobby"
  | "general";

/** A picture the seed script draws itself (no downloads): a scene name and two colours. */
export type SeedImage = {
  scene: "garden" | "sea" | "city" | "mountain" | "kitchen" | "portrait" | "field" | "lake";
  from: string;
  to: string;
};

export type SeedCommunity = {
  subdomain: string;
  name: string;
  address: string;
  city: string;
  phone: string;
  email: string;
  timeZone: string;
  staff: {
    username: string;
    email: string;
    displayName: string;
    role: "administrator" | "staff";
  }[];
  residents: {
    key: string;
    firstName: string;
    lastName: string;
    roomNumber: string | null;
    dateOfBirth: string | null; // YYYY-MM-DD
    admissionDate: string | null; // YYYY-MM-DD
    isActive: boolean;
    username: string; // sign-in name for the resident
    email: string;
    /** agreed to the lounge kiosk, with this 4-digit kiosk PIN */
    kioskPin?: string;
  }[];
  family: {
    key: string;
    residentKey: string;
    name: string;
    email: string;
    relationship: string | null;
    phoneNumber: string | null;
    username: string;
  }[];
  stories: {
    key: string;
    residentKey: string;
    title: string;
    content: string; // several paragraphs separated by blank lines; several longer than 150 chars
    excerpt: string | null;
    category: SeedCategory;
    status: "published" | "pending" | "rejected";
    featured: boolean; // only meaningful for published
    daysAgo: number; // when it was created
    aiPrompt: string | null;
    reviewNote: string | null; // for rejected
    image: SeedImage | null;
  }[];
  comments: {
    storyKey: string;
    familyKey: string;
    content: string;
    emoji: string;
    daysAgo: number;
  }[];
  news: {
    title: string;
    content: string;
    isPublished: boolean;
    isPinned: boolean;
    daysAgo: number;
  }[];
  events: {
    title: string;
    description: string | null;
    dayOffset: number; // relative to the day the seed runs: -3 past, 0 today, 1 tomorrow
    startTime: string | null; // HH:mm
    endTime: string | null;
    location: string | null;
    maxParticipants: number | null;
    isActive: boolean;
  }[];
};
