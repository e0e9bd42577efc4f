import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';

export interface LatestBlogPost {
  title: string;
  description: string;
  permalink: string;
  date: string;
}

/**
 * Publishes the newest blog post as global data for the home page (the blog
 * plugin sets none). A few hundred bytes on every page.
 */
export default function latestBlogPostPlugin(_context: LoadContext): Plugin {
  return {
    name: 'latest-blog-post',
    async allContentLoaded({allContent, actions}) {
      const blog = allContent['docusaurus-plugin-content-blog']?.default as
        BlogContent | undefined;
      const newest = blog?.blogPosts[0]?.metadata;
      if (!newest) {
        throw new Error('The home page needs at least one blog post.');
      }
      const latest: LatestBlogPost = {
        title: newest.title,
        description: newest.description,
        permalink: newest.permalink,
        date: newest.date.toISOString(),
      };
      actions.setGlobalData(latest);
    },
  };
}
