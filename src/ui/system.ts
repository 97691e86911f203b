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
      semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
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
