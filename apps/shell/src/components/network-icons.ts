import type { SocialNetwork } from "@portfolio/content";
import {
  DevToIcon,
  GithubIcon,
  type IconProps,
  LinkedinIcon,
  TwitterIcon,
} from "@portfolio/ui/icons";
import type { ComponentType } from "react";

/** The icon of each social network the content may list. */
export const networkIcons: Record<SocialNetwork, ComponentType<IconProps>> = {
  linkedin: LinkedinIcon,
  github: GithubIcon,
  twitter: TwitterIcon,
  devto: DevToIcon,
};
