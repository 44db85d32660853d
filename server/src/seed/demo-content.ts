/** The demo data set: two companies, their people, topics and posts. */
import { Role, type FeatureToggles } from '@chorus/core';
import type { ArtSpec, VideoSource } from './media.ts';

/** Every demo user's password. */
export const DEMO_PASSWORD = 'Chorus!2026';

/** A demo company. */
export interface DemoCompany {
  subdomain: string;
  name: string;
  title: string;
  explainer: string;
  tintColor: string;
  socialMediaPolicy: string;
  teamsTenantId: string;
  /** Whether /self-sign-up is open. */
  selfSignUpEnabled?: boolean;
  /** The e-mail domains self sign-up accepts. */
  signUpDomains?: string[];
  /** Branded social sign-in flags (index 1 X, 3 LinkedIn, ...); all off when absent. */
  socialSignIn?: boolean[];
  /** Feature toggles that differ from a new company's defaults. */
  featureToggles?: Partial<FeatureToggles>;
  /** Compliance lists and threshold; whether they apply is the `compliance_enabled` toggle. */
  compliance: { prohibited: string[]; limited: string[]; threshold: number };
  brand: ArtSpec;
  topics: string[];
  posts: DemoPost[];
}

/** A demo user and their companies. */
export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  roleName: string;
  companies: string[];
  timezone: string;
}

/** Kinds of demo post, one per media kind of the library. */
export type DemoKind = 'text' | 'image' | 'link' | 'article' | 'video';

/** A demo post. */
export interface DemoPost {
  title: string;
  content: string;
  hashtags: string[];
  topics: string[];
  kind: DemoKind;
  featured?: boolean;
  url?: string;
  linkTitle?: string;
  linkDescription?: string;
  video?: VideoSource;
}

/** The six demo sign-ins. */
export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@acme.example', firstName: 'Avery', lastName: 'Morgan', role: Role.ADMIN, roleName: 'ADMIN', companies: ['acme'], timezone: 'America/New_York' },
  { email: 'manager@acme.example', firstName: 'Jordan', lastName: 'Patel', role: Role.MANAGER, roleName: 'MANAGER', companies: ['acme'], timezone: 'America/Chicago' },
  { email: 'creator@acme.example', firstName: 'Casey', lastName: 'Nguyen', role: Role.CONTENT_CREATOR, roleName: 'CONTENT_CREATOR', companies: ['acme'], timezone: 'America/Los_Angeles' },
  { email: 'user@acme.example', firstName: 'Sam', lastName: 'Rivera', role: Role.USER, roleName: 'USER', companies: ['acme'], timezone: 'America/New_York' },
  { email: 'multi@acme.example', firstName: 'Taylor', lastName: 'Brooks', role: Role.USER, roleName: 'USER', companies: ['acme', 'globex'], timezone: 'Europe/London' },
  { email: 'user@globex.example', firstName: 'Robin', lastName: 'Fischer', role: Role.USER, roleName: 'USER', companies: ['globex'], timezone: 'Europe/Berlin' },
];

/** Palettes cycled through the posts' pictures. */
export const PALETTE: ArtSpec[] = [
  { from: '#0b3d91', to: '#1f6feb', accent: '#ffd166', motif: 'circles' },
  { from: '#064e3b', to: '#10b981', accent: '#ecfccb', motif: 'waves' },
  { from: '#4c1d95', to: '#8b5cf6', accent: '#f0abfc', motif: 'rings' },
  { from: '#7c2d12', to: '#f97316', accent: '#fde68a', motif: 'bars' },
  { from: '#0f172a', to: '#334155', accent: '#38bdf8', motif: 'grid' },
  { from: '#134e4a', to: '#14b8a6', accent: '#fef3c7', motif: 'peaks' },
  { from: '#831843', to: '#ec4899', accent: '#fce7f3', motif: 'circles' },
  { from: '#1e3a8a', to: '#60a5fa', accent: '#dbeafe', motif: 'waves' },
];

const ACME_TOPICS = ['Company News', 'Product Updates', 'Careers', 'Sustainability', 'Events', 'Industry Insights', 'Culture'];

const ACME_POSTS: DemoPost[] = [
  { kind: 'image', featured: true, title: 'Acme Rocket Skates 3.0 are here', content: 'Faster starts, softer landings and twice the battery life. Our new Rocket Skates ship to customers this week.', hashtags: ['AcmeLaunch', 'Innovation'], topics: ['Product Updates', 'Company News'] },
  { kind: 'video', featured: true, video: 'testsrc2', title: 'Inside the Acme test track', content: 'Take a 4-second spin around the test track where every product is put through its paces before it reaches you.', hashtags: ['BehindTheScenes', 'Engineering'], topics: ['Product Updates', 'Culture'] },
  { kind: 'article', featured: true, url: 'https://news.acme.example/2026/annual-report', linkTitle: 'Acme 2025 annual report', linkDescription: 'Record growth, three new plants and our first carbon-neutral year.', title: 'Our 2025 annual report is out', content: 'A record year thanks to 4,000 people who show up every day. Read the highlights.', hashtags: ['AcmeResults'], topics: ['Company News'] },
  { kind: 'text', title: 'Thank you, night shift', content: 'A shout-out to the night shift in Plant 2, who kept every line running through last week\'s storm. You are the reason orders went out on time.', hashtags: ['TeamAcme', 'Gratitude'], topics: ['Culture'] },
  { kind: 'link', url: 'https://careers.acme.example/jobs/robotics-engineer', linkTitle: 'Robotics Engineer, Tucson', linkDescription: 'Design the next generation of anvil-delivery robots.', title: 'We are hiring robotics engineers', content: 'Know someone who loves building robots? Our Tucson team is growing. Share this role with your network.', hashtags: ['Hiring', 'Robotics'], topics: ['Careers'] },
  { kind: 'image', title: 'Solar roof on Plant 3 is live', content: '2,400 panels now cover 60% of Plant 3\'s daytime power. Another step toward net zero by 2030.', hashtags: ['Sustainability', 'NetZero'], topics: ['Sustainability'] },
  { kind: 'article', url: 'https://www.logisticsweekly.example/articles/last-mile-robots', linkTitle: 'Why last-mile robots are finally working', linkDescription: 'An industry look at autonomous delivery, featuring Acme.', title: 'Acme featured in Logistics Weekly', content: 'Logistics Weekly looks at why last-mile robots are finally working, with a few words from our own delivery team.', hashtags: ['InTheNews', 'Logistics'], topics: ['Industry Insights', 'Company News'] },
  { kind: 'text', title: 'Five questions with our new CTO', content: 'What excites her most? "Products that quietly make someone\'s day easier." Read the full Q&A on the intranet.', hashtags: ['Leadership'], topics: ['Company News'] },
  { kind: 'image', title: 'Meet us at LogiExpo 2026', content: 'Booth 418, March 12-14. Come try the Rocket Skates and meet the engineers who built them.', hashtags: ['LogiExpo', 'Events'], topics: ['Events'] },
  { kind: 'video', video: 'mandelbrot', title: 'How we model demand', content: 'Our data science team explains, in a few seconds of fractals, why forecasting is part art and part math.', hashtags: ['DataScience'], topics: ['Industry Insights'] },
  { kind: 'link', url: 'https://blog.acme.example/posts/recycling-program', linkTitle: 'Send back your old anvils', linkDescription: 'Our take-back program recycles 98% of every returned product.', title: 'Our take-back program turns one', content: '12,000 products returned and recycled in year one. Thank you to every customer who sent one back.', hashtags: ['CircularEconomy', 'Sustainability'], topics: ['Sustainability'] },
  { kind: 'text', title: 'Volunteer day: 1,200 trees planted', content: 'Teams from six offices planted 1,200 trees on Saturday. Muddy boots, happy people.', hashtags: ['AcmeCares', 'Volunteering'], topics: ['Culture', 'Sustainability'] },
  { kind: 'image', title: 'A look inside our new Austin office', content: 'Plants, daylight and a slide. Our Austin team moved in this month and already loves it.', hashtags: ['LifeAtAcme', 'Austin'], topics: ['Culture', 'Careers'] },
  { kind: 'article', url: 'https://www.supplychaindive.example/analysis/2026-outlook', linkTitle: '2026 supply chain outlook', linkDescription: 'Five trends shaping manufacturing this year.', title: 'Five supply chain trends for 2026', content: 'Nearshoring, smarter warehouses and more. Worth a read for anyone in operations.', hashtags: ['SupplyChain', 'Trends'], topics: ['Industry Insights'] },
  { kind: 'text', title: 'Internship applications open', content: 'Our summer internship program is open to students in engineering, design and finance. Applications close April 30.', hashtags: ['Internships', 'Hiring'], topics: ['Careers'] },
  { kind: 'image', title: 'Portable Hole, now in three sizes', content: 'By popular demand, the Portable Hole now comes in small, medium and "please be careful".', hashtags: ['AcmeLaunch'], topics: ['Product Updates'] },
  { kind: 'link', url: 'https://events.acme.example/webinars/automation-101', linkTitle: 'Webinar: Automation 101', linkDescription: 'A one-hour introduction to warehouse automation.', title: 'Join our Automation 101 webinar', content: 'One hour, no jargon. Bring your questions for our automation team.', hashtags: ['Webinar', 'Automation'], topics: ['Events', 'Industry Insights'] },
  { kind: 'video', video: 'life', title: 'Sixty seconds of teamwork, in four', content: 'A tiny timelapse of what happens when everyone pulls in the same direction.', hashtags: ['TeamAcme'], topics: ['Culture'] },
  { kind: 'text', title: 'Safety milestone: 500 days', content: 'Plant 1 has gone 500 days without a lost-time incident. Safety is everyone\'s job, and you made it happen.', hashtags: ['Safety'], topics: ['Company News'] },
  { kind: 'image', title: 'Our EV delivery fleet hits 200 vans', content: 'Half of our delivery fleet is now electric. Quieter streets, cleaner air.', hashtags: ['EV', 'Sustainability'], topics: ['Sustainability', 'Company News'] },
  { kind: 'article', url: 'https://www.manufacturingtoday.example/features/women-in-engineering', linkTitle: 'Women shaping modern manufacturing', linkDescription: 'Profiles of ten engineers changing the factory floor.', title: 'Two Acme engineers among the "Ten to Watch"', content: 'Congratulations to Priya and Elena, named among Manufacturing Today\'s ten engineers to watch.', hashtags: ['WomenInEngineering'], topics: ['Careers', 'Industry Insights'] },
  { kind: 'text', title: 'Product tip: pair your skates', content: 'Did you know Rocket Skates can pair with the Acme app to set a top speed? Great for first-time riders.', hashtags: ['ProductTips'], topics: ['Product Updates'] },
  { kind: 'link', url: 'https://careers.acme.example/jobs/customer-success', linkTitle: 'Customer Success Manager, remote', linkDescription: 'Help our biggest customers get the most out of Acme.', title: 'Remote role: Customer Success Manager', content: 'A fully remote role for someone who loves helping customers succeed.', hashtags: ['Hiring', 'RemoteWork'], topics: ['Careers'] },
  { kind: 'image', title: 'Hackathon winners announced', content: '36 hours, 41 teams, one very tired pizza oven. Congratulations to team Road Runner for their route-planning prototype.', hashtags: ['Hackathon', 'Innovation'], topics: ['Culture', 'Events'] },
  { kind: 'text', title: 'Quarterly town hall on Thursday', content: 'Join the leadership team Thursday at 10:00 for results, roadmap and your questions.', hashtags: ['TownHall'], topics: ['Events', 'Company News'] },
  { kind: 'article', url: 'https://www.greenbiz.example/stories/factories-water', linkTitle: 'Factories that give water back', linkDescription: 'How three manufacturers cut water use by half.', title: 'How we cut water use by 48%', content: 'Closed-loop cooling at Plant 2 cut our water use nearly in half. The full story is a great read.', hashtags: ['Water', 'Sustainability'], topics: ['Sustainability', 'Industry Insights'] },
  { kind: 'image', title: 'Anvil Pro: lighter, same drop', content: 'Our new alloy makes the Anvil Pro 30% lighter to ship with the same satisfying impact.', hashtags: ['AcmeLaunch', 'Materials'], topics: ['Product Updates'] },
  { kind: 'text', title: 'Welcome to our 150 new starters', content: 'This month 150 people joined Acme across eight countries. Say hello when you see them.', hashtags: ['Welcome', 'TeamAcme'], topics: ['Culture', 'Careers'] },
  { kind: 'link', url: 'https://www.acme.example/customers/desert-logistics', linkTitle: 'Customer story: Desert Logistics', linkDescription: 'How Desert Logistics doubled throughput with Acme robots.', title: 'Customer story: doubling throughput', content: 'Desert Logistics doubled warehouse throughput in six months. Here is how.', hashtags: ['CustomerStory'], topics: ['Industry Insights', 'Product Updates'] },
  { kind: 'video', video: 'testsrc2', title: 'Unboxing the Rocket Skates', content: 'What is in the box? Skates, charger, helmet and a very thorough manual.', hashtags: ['Unboxing', 'AcmeLaunch'], topics: ['Product Updates'] },
  { kind: 'text', title: 'Mentorship program: sign up', content: 'Looking for a mentor, or ready to be one? The spring mentorship cohort opens Monday.', hashtags: ['Mentorship', 'Careers'], topics: ['Careers'] },
  { kind: 'image', title: 'Family day at Plant 1', content: 'Over 900 family members toured Plant 1 on Saturday. The robot arm high-fives were a hit.', hashtags: ['FamilyDay', 'LifeAtAcme'], topics: ['Events', 'Culture'] },
  { kind: 'article', url: 'https://www.roboticsreport.example/news/acme-partnership', linkTitle: 'Acme and Coyote Labs partner on safety sensors', linkDescription: 'A new partnership brings lidar safety sensors to every Acme robot.', title: 'New partnership with Coyote Labs', content: 'Every Acme robot will ship with Coyote Labs lidar safety sensors starting this summer.', hashtags: ['Partnership', 'Robotics'], topics: ['Company News', 'Product Updates'] },
  { kind: 'text', title: 'Earth Day challenge results', content: 'Together we logged 38,000 car-free kilometres during the Earth Day challenge. Well done, everyone.', hashtags: ['EarthDay', 'Sustainability'], topics: ['Sustainability', 'Culture'] },
  { kind: 'link', url: 'https://events.acme.example/conference/acme-connect', linkTitle: 'Acme Connect 2026', linkDescription: 'Our customer conference returns to Phoenix this autumn.', title: 'Save the date: Acme Connect 2026', content: 'Our customer conference returns to Phoenix, October 6-8. Registration opens next month.', hashtags: ['AcmeConnect', 'Events'], topics: ['Events'] },
  { kind: 'image', title: 'Design award for the Acme app', content: 'Our mobile app won a gold design award for accessibility. Thank you to the design team.', hashtags: ['Design', 'Accessibility'], topics: ['Product Updates', 'Company News'] },
  { kind: 'text', title: 'Why we publish our pay bands', content: 'Every job ad now shows its pay band. Transparency helps everyone make better decisions.', hashtags: ['PayTransparency', 'Careers'], topics: ['Careers', 'Culture'] },
  { kind: 'article', url: 'https://www.ft-industry.example/opinion/automation-jobs', linkTitle: 'Automation creates jobs, too', linkDescription: 'Our CEO on retraining and the future of factory work.', title: 'Our CEO on automation and jobs', content: 'Automation changes work; it does not have to take it away. Our CEO on our retraining commitment.', hashtags: ['FutureOfWork', 'Leadership'], topics: ['Industry Insights', 'Company News'] },
  { kind: 'image', title: 'Bike-to-work week', content: '312 colleagues cycled to work this week. The bike racks have never been this full.', hashtags: ['BikeToWork', 'Wellbeing'], topics: ['Culture', 'Sustainability'] },
  { kind: 'text', title: 'Release notes: Acme app 5.2', content: 'Dark mode, faster order tracking and a new widget. Update today.', hashtags: ['ReleaseNotes'], topics: ['Product Updates'] },
  { kind: 'link', url: 'https://careers.acme.example/graduates', linkTitle: 'Acme graduate program', linkDescription: 'Two years, three rotations, one great start.', title: 'Graduate program now recruiting', content: 'Two years, three rotations across engineering, operations and product. Know a graduate? Share this.', hashtags: ['Graduates', 'Hiring'], topics: ['Careers'] },
  { kind: 'image', title: 'Welcome to Chorus', content: 'Chorus makes it easy to share Acme news with your network. Start with this post!', hashtags: ['Chorus'], topics: ['Company News'] },
];

const GLOBEX_TOPICS = ['Announcements', 'Research', 'People', 'Events', 'Energy', 'Products'];

const GLOBEX_POSTS: DemoPost[] = [
  { kind: 'image', featured: true, title: 'Globex opens its Cypress Creek campus', content: 'Our new research campus opens its doors to 800 scientists and engineers.', hashtags: ['Globex', 'Research'], topics: ['Announcements', 'Research'] },
  { kind: 'text', title: 'Town hall recap', content: 'Missed the town hall? The recording and slides are now on the intranet.', hashtags: ['TownHall'], topics: ['Announcements'] },
  { kind: 'article', url: 'https://www.energyjournal.example/features/fusion-pilot', linkTitle: 'The fusion pilot plant, explained', linkDescription: 'Globex scientists on the road to grid power.', title: 'Our fusion pilot in Energy Journal', content: 'Energy Journal explains our fusion pilot plant and what comes next.', hashtags: ['Fusion', 'Energy'], topics: ['Energy', 'Research'] },
  { kind: 'video', video: 'mandelbrot', title: 'Plasma, visualised', content: 'A few seconds of simulation from the plasma physics team.', hashtags: ['Science'], topics: ['Research'] },
  { kind: 'link', url: 'https://jobs.globex.example/lab-technician', linkTitle: 'Lab Technician', linkDescription: 'Join the materials lab at Cypress Creek.', title: 'Hiring: lab technicians', content: 'The materials lab is growing. Share this role with anyone who loves precise work.', hashtags: ['Hiring'], topics: ['People'] },
  { kind: 'image', title: 'Globex Home Hub ships', content: 'The Home Hub manages your home energy use automatically. Now shipping.', hashtags: ['GlobexHome', 'Products'], topics: ['Products', 'Energy'] },
  { kind: 'text', title: 'Welcome, new interns', content: 'Forty interns started this week. Welcome to Globex!', hashtags: ['Interns'], topics: ['People'] },
  { kind: 'image', title: 'Science fair sponsorship', content: 'We are proud to sponsor the regional science fair for the tenth year.', hashtags: ['STEM', 'Community'], topics: ['Events', 'People'] },
  { kind: 'article', url: 'https://www.gridtoday.example/news/globex-storage', linkTitle: 'Globex storage goes grid-scale', linkDescription: 'A 200 MWh battery project breaks ground.', title: 'Grid-scale storage breaks ground', content: 'Our 200 MWh storage project broke ground this week.', hashtags: ['Storage', 'Energy'], topics: ['Energy', 'Announcements'] },
  { kind: 'text', title: 'Open lab day', content: 'Bring your curiosity to open lab day on the 21st.', hashtags: ['OpenLab'], topics: ['Events'] },
  { kind: 'link', url: 'https://www.globex.example/products/solar-tile', linkTitle: 'Globex Solar Tile', linkDescription: 'A roof that makes power.', title: 'Meet the Solar Tile', content: 'A roof that makes power and looks like a roof. Meet the Solar Tile.', hashtags: ['Solar', 'Products'], topics: ['Products'] },
  { kind: 'image', title: 'Team of the quarter', content: 'Congratulations to the grid software team, our team of the quarter.', hashtags: ['Recognition'], topics: ['People'] },
];

/** The two demo companies. */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    subdomain: 'acme',
    name: 'Acme Corporation',
    selfSignUpEnabled: true,
    signUpDomains: ['acme.example'],
    socialSignIn: [false, true, false, true, false, false, false],
    // The demo shows AI-assisted captions and compliance checking (both off for a new company).
    featureToggles: { user_ai_enabled: true, compliance_enabled: true },
    compliance: {
      prohibited: ['guaranteed returns', 'get rich quick', 'risk-free', 'insider tip', 'crypto giveaway', 'confidential'],
      limited: ['free', 'best', 'exclusive', 'promise', 'winner', 'limited time', 'act now', '100%'],
      threshold: 2,
    },
    title: 'Acme Corporation',
    explainer: 'Share Acme news with your network in a couple of clicks.',
    tintColor: '#1f6feb',
    socialMediaPolicy: 'Be yourself, be respectful and never share confidential information.',
    teamsTenantId: 'a0000000-0000-4000-8000-00000000ac3e',
    brand: { from: '#0b3d91', to: '#1f6feb', accent: '#ffd166', motif: 'rings' },
    topics: ACME_TOPICS,
    posts: ACME_POSTS,
  },
  {
    subdomain: 'globex',
    name: 'Globex',
    // Globex shows the legacy share bar on its post cards; Acme the interaction bar.
    featureToggles: { post_interactions_enabled: false },
    // Lists kept ready, compliance checking off.
    compliance: {
      prohibited: ['miracle cure', 'no risk', 'secret formula', 'leaked'],
      limited: ['cheapest', 'unbeatable', 'revolutionary', 'world-class', 'free trial'],
      threshold: 3,
    },
    title: 'Globex',
    explainer: 'Globex stories, ready to share.',
    tintColor: '#0f766e',
    socialMediaPolicy: 'Think before you post; when in doubt, ask Communications.',
    teamsTenantId: 'b0000000-0000-4000-8000-0000000610be',
    brand: { from: '#134e4a', to: '#14b8a6', accent: '#fef3c7', motif: 'peaks' },
    topics: GLOBEX_TOPICS,
    posts: GLOBEX_POSTS,
  },
];

/** A demo invite; a null email makes a v1 group invite. */
export interface DemoInvite {
  subdomain: string;
  version: 1 | 2;
  email: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  /** Null for unlimited. */
  maxUses: number | null;
}

/** Invites seeded for trying sign-up; their codes are random and printed on the first start. */
export const DEMO_INVITES: DemoInvite[] = [
  { subdomain: 'acme', version: 2, email: 'new.hire@acme.example', firstName: 'Nora', lastName: 'Newhire', role: Role.USER, maxUses: 1 },
  { subdomain: 'acme', version: 1, email: null, firstName: '', lastName: '', role: Role.USER, maxUses: null },
];
