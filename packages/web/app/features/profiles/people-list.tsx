import type { UserList, UserSummary } from "@inkwell/shared";
import { browserApi } from "../../api/client.ts";
import { Avatar } from "../../components/avatar.tsx";
import { UserBadges } from "../../components/user-badges.tsx";
import { useShowMore } from "./show-more.tsx";

interface PeopleListProps {
  username: string;
  list: "followers" | "following";
  first: UserList;
  pageSize: number;
  label: string;
  empty: string;
}

/** A user's followers or the people they follow: avatar, name, badges, @username. */
export function PeopleList({ username, list, first, pageSize, label, empty }: PeopleListProps) {
  const { items, button } = useShowMore<UserSummary>(
    { items: first.users, nextUrl: first.nextUrl },
    async (offset) => {
      const page = await browserApi().people(username, list, { limit: pageSize, offset });
      return { items: page.users, nextUrl: page.nextUrl };
    },
    label,
    (person) => person.username,
  );
  if (items.length === 0) return <p className="profile__empty">{empty}</p>;
  return (
    <>
      <ul className="people" aria-label={label}>
        {items.map((person) => (
          <li key={person.username}>
            <a className="people__person" href={`/user/${person.username}`}>
              <Avatar src={person.avatar} name={person.name} size={42} />
              <span className="people__names">
                <span className="people__name">
                  {person.name}
                  <UserBadges badges={person.badges} />
                </span>
                <span className="people__username">@{person.username}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {button}
    </>
  );
}
