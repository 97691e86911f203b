// Chakra's theme imported piece by piece (see the alias in vite.config.ts): anything imported
// from the '@chakra-ui/react/theme' barrel drags every used recipe into the first load, whoever
// uses it. The types are the barrel's.
type ChakraTheme = typeof import('@chakra-ui/react/theme');
type ChakraTokens = ChakraTheme['tokens'];
type ChakraSemanticTokens = ChakraTheme['semanticTokens'];

declare module 'chakra-theme/breakpoints' {
  export { breakpoints } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/global-css' {
  export { globalCss } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/layer-styles' {
  export { layerStyles } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/motion-styles' {
  export { animationStyles } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/text-styles' {
  export { textStyles } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/tokens/keyframes' {
  export { keyframes } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/semantic-tokens/colors' {
  export const semanticColors: ChakraSemanticTokens['colors'];
}
declare module 'chakra-theme/semantic-tokens/radii' {
  export const semanticRadii: ChakraSemanticTokens['radii'];
}
declare module 'chakra-theme/semantic-tokens/shadows' {
  export const semanticShadows: ChakraSemanticTokens['shadows'];
}
declare module 'chakra-theme/recipes/avatar' {
  export { avatarSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/badge' {
  export { badgeRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/button' {
  export { buttonRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/collapsible' {
  export { collapsibleSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/drawer' {
  export { drawerSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/field' {
  export { fieldSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/heading' {
  export { headingRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/icon' {
  export { iconRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/input' {
  export { inputRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/link' {
  export { linkRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/menu' {
  export { menuSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/spinner' {
  export { spinnerRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/table' {
  export { tableSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/toast' {
  export { toastSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/tokens/animations' {
  export const animations: ChakraTokens['animations'];
}
declare module 'chakra-theme/tokens/aspect-ratios' {
  export const aspectRatios: ChakraTokens['aspectRatios'];
}
declare module 'chakra-theme/tokens/blurs' {
  export const blurs: ChakraTokens['blurs'];
}
declare module 'chakra-theme/tokens/borders' {
  export const borders: ChakraTokens['borders'];
}
declare module 'chakra-theme/tokens/colors' {
  export const colors: ChakraTokens['colors'];
}
declare module 'chakra-theme/tokens/cursor' {
  export const cursor: ChakraTokens['cursor'];
}
declare module 'chakra-theme/tokens/durations' {
  export const durations: ChakraTokens['durations'];
}
declare module 'chakra-theme/tokens/easings' {
  export const easings: ChakraTokens['easings'];
}
declare module 'chakra-theme/tokens/font-sizes' {
  export const fontSizes: ChakraTokens['fontSizes'];
}
declare module 'chakra-theme/tokens/font-weights' {
  export const fontWeights: ChakraTokens['fontWeights'];
}
declare module 'chakra-theme/tokens/fonts' {
  export const fonts: ChakraTokens['fonts'];
}
declare module 'chakra-theme/tokens/letter-spacing' {
  export const letterSpacings: ChakraTokens['letterSpacings'];
}
declare module 'chakra-theme/tokens/line-heights' {
  export const lineHeights: ChakraTokens['lineHeights'];
}
declare module 'chakra-theme/tokens/radius' {
  export const radii: ChakraTokens['radii'];
}
declare module 'chakra-theme/tokens/sizes' {
  export const sizes: ChakraTokens['sizes'];
}
declare module 'chakra-theme/tokens/spacing' {
  export const spacing: ChakraTokens['spacing'];
}
declare module 'chakra-theme/tokens/z-indices' {
  export const zIndices: ChakraTokens['zIndex'];
}
declare module 'chakra-theme/recipes/dialog' {
  export { dialogSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/textarea' {
  export { textareaRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/native-select' {
  export { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
}
declare module 'chakra-theme/recipes/tabs' {
  export { tabsSlotRecipe } from '@chakra-ui/react/theme';
}
