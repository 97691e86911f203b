import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type RecipeDefinition,
  type SlotRecipeConfig,
} from '@chakra-ui/react';
import { breakpoints } from 'chakra-theme/breakpoints';
import { globalCss } from 'chakra-theme/global-css';
import { layerStyles } from 'chakra-theme/layer-styles';
import { animationStyles } from 'chakra-theme/motion-styles';
import { buttonRecipe } from 'chakra-theme/recipes/button';
import { headingRecipe } from 'chakra-theme/recipes/heading';
import { iconRecipe } from 'chakra-theme/recipes/icon';
import { inputRecipe } from 'chakra-theme/recipes/input';
import { linkRecipe } from 'chakra-theme/recipes/link';
import { spinnerRecipe } from 'chakra-theme/recipes/spinner';
import { semanticColors } from 'chakra-theme/semantic-tokens/colors';
import { semanticRadii } from 'chakra-theme/semantic-tokens/radii';
import { semanticShadows } from 'chakra-theme/semantic-tokens/shadows';
import { textStyles } from 'chakra-theme/text-styles';
import { animations } from 'chakra-theme/tokens/animations';
import { aspectRatios } from 'chakra-theme/tokens/aspect-ratios';
import { blurs } from 'chakra-theme/tokens/blurs';
import { borders } from 'chakra-theme/tokens/borders';
import { colors } from 'chakra-theme/tokens/colors';
import { cursor } from 'chakra-theme/tokens/cursor';
import { durations } from 'chakra-theme/tokens/durations';
import { easings } from 'chakra-theme/tokens/easings';
import { fontSizes } from 'chakra-theme/tokens/font-sizes';
import { fontWeights } from 'chakra-theme/tokens/font-weights';
import { fonts } from 'chakra-theme/tokens/fonts';
import { keyframes } from 'chakra-theme/tokens/keyframes';
import { letterSpacings } from 'chakra-theme/tokens/letter-spacing';
import { lineHeights } from 'chakra-theme/tokens/line-heights';
import { radii } from 'chakra-theme/tokens/radius';
import { sizes } from 'chakra-theme/tokens/sizes';
import { spacing } from 'chakra-theme/tokens/spacing';
import { zIndices } from 'chakra-theme/tokens/z-indices';

/** A light-mode colour in place of Chakra's, its dark-mode one kept. */
const light = (token: { value: { _light: string; _dark: string } }, value: string) => ({
  ...token,
  value: { ...token.value, _light: value },
});

/**
 * Chakra's colours where text on them, or they as text on white and grey, fall short of WCAG's
 * 4.5:1 (axe's colour-contrast, tests/e2e/accessibility.spec.ts). Between Chakra's 600 and 700 steps, so
 * that orange still reads as orange: error, warning and success text (field errors, figures),
 * the faint text of headings such as the menu's group titles (`fg.subtle`), and white on the
 * solid orange, green, teal and cyan of badges and buttons.
 */
const colorsWithContrast = {
  ...semanticColors,
  fg: {
    ...semanticColors.fg,
    subtle: light(semanticColors.fg.subtle, '#6b6b73'),
    error: light(semanticColors.fg.error, '#b91c1c'),
    warning: light(semanticColors.fg.warning, '#c2410c'),
    success: light(semanticColors.fg.success, '#15803d'),
  },
  orange: { ...semanticColors.orange, solid: light(semanticColors.orange.solid, '#c2410c') },
  green: { ...semanticColors.green, solid: light(semanticColors.green.solid, '#15803d') },
  teal: { ...semanticColors.teal, solid: light(semanticColors.teal.solid, '#0f766e') },
  cyan: { ...semanticColors.cyan, solid: light(semanticColors.cyan.solid, '#0e7490') },
};

/**
 * Chakra's default theme with only the recipes of the sign-in page: `defaultSystem` would put
 * all ~80 of them on the first load, which has a size budget. The other recipes are added by
 * `app-recipes.ts` when the signed-in shell or the message bar loads. The pieces come one module
 * at a time (src/ui/chakra-theme.d.ts) because the theme barrel would pull in every recipe used
 * anywhere.
 */
export const system = createSystem(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix: 'chakra',
    cssVarsRoot: ':where(html, .chakra-theme)',
    globalCss: {
      ...globalCss,
      // Animations turned off (src/data/preferences/animation-settings.ts): every duration is 0 (docs/spec-texts.md#constants).
      'html[data-animations=off] *, html[data-animations=off] *::before, html[data-animations=off] *::after':
        {
          animationDuration: '0s !important',
          animationDelay: '0s !important',
          transitionDuration: '0s !important',
          transitionDelay: '0s !important',
          scrollBehavior: 'auto !important',
        },
    },
    theme: {
      breakpoints,
      keyframes,
      // As Chakra's defaultThemeConfig (theme/index.js) assembles them.
      tokens: {
        aspectRatios,
        animations,
        blurs,
        borders,
        colors,
        durations,
        easings,
        fonts,
        fontSizes,
        fontWeights,
        letterSpacings,
        lineHeights,
        radii,
        spacing,
        sizes,
        zIndex: zIndices,
        cursor,
      },
      semanticTokens: { colors: colorsWithContrast, shadows: semanticShadows, radii: semanticRadii },
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        button: buttonRecipe,
        heading: headingRecipe,
        icon: iconRecipe,
        input: inputRecipe,
        link: linkRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: {},
    },
  }),
);

/**
 * Adds recipes to the running system. Chakra looks a recipe up by its key when a component
 * first renders, so recipes added before the components that use them render take effect.
 */
export function addRecipes(
  recipes: Record<string, RecipeDefinition>,
  slotRecipes: Record<string, SlotRecipeConfig>,
): void {
  const { theme } = system._config;
  if (!theme) throw new Error('The Chakra system was created without a theme');
  theme.recipes = { ...recipes, ...theme.recipes };
  theme.slotRecipes = { ...slotRecipes, ...theme.slotRecipes };
}
