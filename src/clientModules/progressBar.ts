// Configures the theme's own nprogress instance (the same package version, so
// one copy ships) with the values the site specification fixes. The theme
// starts the bar only after a navigation has taken 200 ms.
import nprogress from 'nprogress';

const progressBarMinimum = 0.08;
const progressBarTrickleSpeedMs = 800;

nprogress.configure({
  minimum: progressBarMinimum,
  trickleSpeed: progressBarTrickleSpeedMs,
  showSpinner: false,
});
