import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

/** The facts docusaurus.config.ts keeps in `customFields`, typed. */
export interface SiteFacts {
  productName: string;
  supportEmail: string;
  statusPageUrl: string;
}

/** The product name and support contacts, from the site config only. */
export function useSiteFacts(): SiteFacts {
  const {siteConfig} = useDocusaurusContext();
  return siteConfig.customFields as unknown as SiteFacts;
}
